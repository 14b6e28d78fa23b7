-- {"type":"Declared","filter":{"due_at":{"$gte":"2024-06-01","$lt":"2024-06-08"}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["due_at", "instant_compare", "GTE", "1717200000000000", Boolean(false), "due_at", "instant_compare", "LT", "1717804800000000", Boolean(false)]
