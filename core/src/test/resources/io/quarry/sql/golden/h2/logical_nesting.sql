-- {"filter":{"$or":[{"status":"Open"},{"$and":[{"priority":{"$gte":8}},{"$nor":[{"owner":"ana"}]}]}]}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR (QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND NOT ((QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)))))
-- binds: ["status", "string_equals", "EQ", "Open", Boolean(false), "priority", "number_compare", "GTE", "8", Boolean(false), "owner", "string_equals", "EQ", "ana", Boolean(false)]
