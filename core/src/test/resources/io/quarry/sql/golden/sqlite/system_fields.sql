-- {"filter":{"id":{"$in":["123","124"]},"type":"Thing","created_at":{"$gte":"2024-01-01"},"updated_at":"2024-03-01T10:00:00Z"}}
((("o"."id" = ?) OR ("o"."id" = ?)) AND ("o"."type" = ?) AND ("o"."created_at" >= ?) AND ("o"."updated_at" = ?))
-- binds: ["123", "124", "Thing", Long(1704067200000000), Long(1709287200000000)]
