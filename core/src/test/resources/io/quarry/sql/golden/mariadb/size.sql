-- {"filter":{"tags":{"$size":2}}}
(JSON_TYPE(JSON_EXTRACT(`o`.`properties`, '$.tags')) <=> 'ARRAY' AND JSON_LENGTH(JSON_EXTRACT(`o`.`properties`, '$.tags')) <=> ?)
-- binds: [Integer(2)]
