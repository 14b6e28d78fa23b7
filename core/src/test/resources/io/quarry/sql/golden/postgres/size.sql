-- {"filter":{"tags":{"$size":2}}}
COALESCE(jsonb_array_length(CASE WHEN jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' THEN (("o"."properties")::jsonb -> ?) END) = ?, FALSE)
-- binds: ["tags", "tags", Integer(2)]
