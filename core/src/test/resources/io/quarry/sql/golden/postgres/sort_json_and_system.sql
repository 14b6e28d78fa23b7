-- {"filter":{"status":"Open"},"sort":[{"field":"priority","direction":"desc"},{"field":"created_at"}]}
(("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL)
ORDER BY quarry_bracket("o"."properties" -> ?) ASC, quarry_num("o"."properties" -> ?) DESC, quarry_instant("o"."properties" -> ?) DESC, (quarry_sort_string("o"."properties" -> ?) COLLATE "C") DESC, (CASE WHEN jsonb_typeof("o"."properties" -> ?) = 'boolean' THEN ("o"."properties" -> ?)::boolean END) DESC, "o"."created_at" ASC, "o"."id" ASC
-- binds: ["{\"status\":\"Open\"}", "{\"status\":[\"Open\"]}", "priority", "priority", "priority", "priority", "priority", "priority"]
