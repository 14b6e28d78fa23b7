-- {"filter":{"status":"Open"},"sort":[{"field":"priority","direction":"desc"},{"field":"created_at"}]}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND "e"."value" = ?))
ORDER BY QUARRY_SORT_BRACKET("o"."properties", ?) ASC, QUARRY_SORT_NUMBER("o"."properties", ?) DESC, QUARRY_SORT_INSTANT("o"."properties", ?) DESC, QUARRY_SORT_STRING("o"."properties", ?) DESC, QUARRY_SORT_BOOLEAN("o"."properties", ?) DESC, "o"."created_at" ASC, "o"."id" ASC
-- binds: ["$.\"status\"", "Open", "priority", "priority", "priority", "priority", "priority"]
