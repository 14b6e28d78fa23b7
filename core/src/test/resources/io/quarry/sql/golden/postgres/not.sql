-- {"filter":{"priority":{"$not":{"$gt":5}}}}
NOT ((quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, NULL, '()')))
-- binds: ["priority", BigDecimal(5)]
