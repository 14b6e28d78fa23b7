-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
(EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.id' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE(COALESCE(`q`.`e`, `q`.`v`)) = 'STRING' AND JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)) COLLATE utf8mb4_nopad_bin = ?)) AND (JSON_CONTAINS_PATH(`o`.`properties`, 'one', '$.type') <=> 1))
-- binds: ["x"]
