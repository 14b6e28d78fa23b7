-- {"filter":{"priority":5}}
((("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL) OR (jsonb_typeof("o"."properties" -> ?) = 'string' AND quarry_num_range("o"."properties" -> ?) @> ?::numeric) OR (jsonb_typeof("o"."properties" -> ?) = 'array' AND quarry_nums("o"."properties" -> ?) @> ARRAY[?::numeric]))
-- binds: ["{\"priority\":5}", "{\"priority\":[5]}", "priority", "priority", BigDecimal(5), "priority", "priority", BigDecimal(5)]
