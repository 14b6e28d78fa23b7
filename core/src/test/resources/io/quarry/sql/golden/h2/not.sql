-- {"filter":{"priority":{"$not":{"$gt":5}}}}
NOT (QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["priority", "number_compare", "GT", "5", Boolean(false)]
