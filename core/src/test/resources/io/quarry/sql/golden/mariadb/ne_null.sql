-- {"filter":{"owner":{"$ne":null}}}
NOT ((NOT (JSON_CONTAINS_PATH(`o`.`properties`, 'one', '$.owner') <=> 1) OR EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.owner' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE(COALESCE(`q`.`e`, `q`.`v`)) = 'NULL'))))
-- binds: []
