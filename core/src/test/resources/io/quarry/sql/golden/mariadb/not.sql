-- {"filter":{"priority":{"$not":{"$gt":5}}}}
NOT (EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`properties`, '$.priority' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (CASE WHEN CONCAT(JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)), '#') REGEXP '(?-imsx)^-?[0-9]{1,30}(?:[.][0-9]{1,30})?#$' THEN (CAST(JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`)) AS DECIMAL(65,30)) > ?) ELSE quarry_num_v1(COALESCE(`q`.`e`, `q`.`v`)) > ? END)))
-- binds: [BigDecimal(5), "24005"]
