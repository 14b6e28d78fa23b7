-- {"filter":{"priority":5}}
((quarry_num_key(("o"."properties")::jsonb -> ?) = ?::numeric) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND quarry_nums(("o"."properties")::jsonb -> ?) @> ARRAY[?::numeric]))
-- binds: ["priority", BigDecimal(5), "priority", "priority", BigDecimal(5)]
