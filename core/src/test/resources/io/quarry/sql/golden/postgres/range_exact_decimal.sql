-- {"filter":{"score":{"$gte":1.5,"$lt":9007199254740993}}}
((quarry_num_key(("o"."properties")::jsonb -> ?) >= ?::numeric AND quarry_num_key(("o"."properties")::jsonb -> ?) < ?::numeric) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, ?::numeric, '[)')))
-- binds: ["score", BigDecimal(1.5), "score", BigDecimal(9007199254740993), "score", "score", BigDecimal(1.5), BigDecimal(9007199254740993)]
