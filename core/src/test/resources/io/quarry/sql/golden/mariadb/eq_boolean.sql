-- {"filter":{"done":true}}
EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.done' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE(COALESCE(`q`.`e`, `q`.`v`)) = 'BOOLEAN' AND JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)) = ?))
-- binds: ["true"]
