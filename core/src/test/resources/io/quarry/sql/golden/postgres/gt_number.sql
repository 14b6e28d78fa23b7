-- {"filter":{"priority":{"$gt":5}}}
((quarry_num_key(("o"."properties")::jsonb -> ?) > ?::numeric) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, NULL, '()')))
-- binds: ["priority", BigDecimal(5), "priority", "priority", BigDecimal(5)]
