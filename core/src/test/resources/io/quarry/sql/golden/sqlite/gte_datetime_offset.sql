-- {"filter":{"due_at":{"$gte":"2024-03-01T10:00:00+02:00"}}}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?)))
-- binds: ["$.\"due_at\"", "instant_compare", "GTE", "1709280000000000", Integer(0)]
