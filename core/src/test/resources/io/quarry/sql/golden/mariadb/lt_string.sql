-- {"filter":{"title":{"$lt":"M"}}}
EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.title' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE(COALESCE(`q`.`e`, `q`.`v`)) = 'STRING' AND JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)) COLLATE utf8mb4_nopad_bin < ?))
-- binds: ["M"]
