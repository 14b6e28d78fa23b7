-- {"filter":{"score":{"$gte":1.5,"$lt":9007199254740993}}}
(quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, ?::numeric, '[)'))
-- binds: ["score", BigDecimal(1.5), BigDecimal(9007199254740993)]
