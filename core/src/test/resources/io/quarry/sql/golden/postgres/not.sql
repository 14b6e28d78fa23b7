-- {"filter":{"priority":{"$not":{"$gt":5}}}}
NOT ((quarry_num_range("o"."properties" -> ?) && numrange(?::numeric, NULL, '()')))
-- binds: ["priority", BigDecimal(5)]
