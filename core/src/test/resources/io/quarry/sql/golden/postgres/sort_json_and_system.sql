-- {"filter":{"status":"Open"},"sort":[{"field":"priority","direction":"desc"},{"field":"created_at"}]}
(("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL)
ORDER BY quarry_bracket(("o"."properties")::jsonb -> ?) ASC, quarry_num(("o"."properties")::jsonb -> ?) DESC, quarry_instant(("o"."properties")::jsonb -> ?) DESC, (quarry_sort_string(("o"."properties")::jsonb -> ?) COLLATE "C") DESC, (CASE WHEN jsonb_typeof(("o"."properties")::jsonb -> ?) = 'boolean' THEN (("o"."properties")::jsonb -> ?)::boolean END) DESC, "o"."created_at" ASC, "o"."id" ASC
-- binds: ["$ ? (@.\"status\" == \"Open\")", "priority", "priority", "priority", "priority", "priority", "priority"]
