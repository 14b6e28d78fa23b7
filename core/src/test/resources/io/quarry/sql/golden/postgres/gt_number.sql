-- {"filter":{"priority":{"$gt":5}}}
(quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, NULL, '()'))
-- binds: ["priority", BigDecimal(5)]
