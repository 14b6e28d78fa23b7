-- {"filter":{"due_at":{"$gte":"2024-03-01T10:00:00+02:00"}}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["due_at", "instant_compare", "GTE", "1709280000000000", Boolean(false)]
