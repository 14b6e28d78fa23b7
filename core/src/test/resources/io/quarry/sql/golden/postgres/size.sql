-- {"filter":{"tags":{"$size":2}}}
COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof("o"."properties" -> ?) = 'array' THEN ("o"."properties" -> ?) END) = ?, FALSE)
-- binds: ["tags", "tags", Integer(2)]
