-- {"filter":{"tags":{"$size":2}}}
(json_type("o"."properties", ?) IS 'array' AND json_array_length("o"."properties", ?) = ?)
-- binds: ["$.\"tags\"", "$.\"tags\"", Integer(2)]
