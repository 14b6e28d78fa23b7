-- {"filter":{"status":"Open"},"sort":[{"field":"priority","direction":"desc"},{"field":"created_at"}]}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
ORDER BY QUARRY_SORT_BRACKET("o"."properties", ?) ASC, QUARRY_SORT_NUMBER("o"."properties", ?) DESC, QUARRY_SORT_INSTANT("o"."properties", ?) DESC, QUARRY_SORT_STRING("o"."properties", ?) DESC, QUARRY_SORT_BOOLEAN("o"."properties", ?) DESC, "o"."created_at" ASC, "o"."id" ASC
-- binds: ["status", "string_equals", "EQ", "Open", Boolean(false), "priority", "priority", "priority", "priority", "priority"]
