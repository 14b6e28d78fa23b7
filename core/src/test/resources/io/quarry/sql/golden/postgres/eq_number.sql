-- {"filter":{"priority":5}}
(((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'string' AND quarry_num_range(("o"."properties")::jsonb -> ?) @> ?::numeric) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND quarry_nums(("o"."properties")::jsonb -> ?) @> ARRAY[?::numeric]))
-- binds: ["{\"priority\":5}", "{\"priority\":[5]}", "priority", "priority", BigDecimal(5), "priority", "priority", BigDecimal(5)]
