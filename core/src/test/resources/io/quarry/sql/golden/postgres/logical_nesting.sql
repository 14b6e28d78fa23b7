-- {"filter":{"$or":[{"status":"Open"},{"$and":[{"priority":{"$gte":8}},{"$nor":[{"owner":"ana"}]}]}]}}
((("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL) OR ((quarry_num_range(("o"."properties")::jsonb -> ?) && numrange(?::numeric, NULL, '[)')) AND NOT ((("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL))))
-- binds: ["$ ? (@.\"status\" == \"Open\")", "priority", BigDecimal(8), "$ ? (@.\"owner\" == \"ana\")"]
