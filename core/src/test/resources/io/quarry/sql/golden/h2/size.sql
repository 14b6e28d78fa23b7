-- {"filter":{"tags":{"$size":2}}}
(QUARRY_ARRAY_SIZE("o"."properties", ?) = ?)
-- binds: ["tags", Integer(2)]
