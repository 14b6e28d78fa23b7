-- {"type":"Declared","filter":{"due_at":{"$gte":"2024-06-01","$lt":"2024-06-08"}}}
(quarry_instant_key(("o"."properties")::jsonb -> ?) >= ?::bigint AND quarry_instant_key(("o"."properties")::jsonb -> ?) <= ?::bigint)
-- binds: ["due_at", Long(1717200000000000), "due_at", Long(1717804799999999)]
