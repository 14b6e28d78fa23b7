-- {"filter":{"done":true}}
(CASE JSON_TYPE(JSON_EXTRACT(`o`.`properties`, '$.done')) WHEN 'ARRAY' THEN EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.done' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE(COALESCE(`q`.`e`, `q`.`v`)) = 'BOOLEAN' AND JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)) = ?)) ELSE COALESCE((JSON_TYPE(JSON_EXTRACT(`o`.`properties`, '$.done')) = 'BOOLEAN' AND JSON_UNQUOTE(JSON_EXTRACT(`o`.`properties`, '$.done')) = ?), FALSE) END)
-- binds: ["true", "true"]
