-- {"filter":{"priority":{"$gt":5}}}
(quarry_num_range("o"."properties" -> ?) && numrange(?::numeric, NULL, '()'))
-- binds: ["priority", BigDecimal(5)]
