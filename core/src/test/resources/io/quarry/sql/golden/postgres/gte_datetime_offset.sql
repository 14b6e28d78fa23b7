-- {"filter":{"due_at":{"$gte":"2024-03-01T10:00:00+02:00"}}}
((quarry_instant_key(("o"."properties")::jsonb -> ?) >= ?::bigint) OR (jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND quarry_instant_range(("o"."properties")::jsonb -> ?) && int8range(?::bigint, NULL, '[)')))
-- binds: ["due_at", Long(1709280000000000), "due_at", "due_at", Long(1709280000000000)]
