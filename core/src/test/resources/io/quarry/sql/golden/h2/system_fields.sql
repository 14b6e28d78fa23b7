-- {"filter":{"id":{"$in":["123","124"]},"type":"Thing","created_at":{"$gte":"2024-01-01"},"updated_at":"2024-03-01T10:00:00Z"}}
((QUARRY_TEXT("o"."id", ?, ?, ?, ?) OR QUARRY_TEXT("o"."id", ?, ?, ?, ?)) AND QUARRY_TEXT("o"."type", ?, ?, ?, ?) AND ("o"."created_at" >= ?) AND ("o"."updated_at" = ?))
-- binds: ["string_equals", "EQ", "123", Boolean(false), "string_equals", "EQ", "124", Boolean(false), "string_equals", "EQ", "Thing", Boolean(false), OffsetDateTime(2024-01-01T00:00Z), OffsetDateTime(2024-03-01T10:00Z)]
