-- {"filter":{"notes":{"$contains":"100% path_of\\x"}}}
(((("o"."properties")::jsonb -> ?) IS NOT NULL AND jsonb_typeof(("o"."properties")::jsonb -> ?) = 'string' AND ((("o"."properties")::jsonb ->> ?) LIKE ? ESCAPE '\')) OR ((("o"."properties")::jsonb -> ?) IS NOT NULL AND jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND EXISTS (SELECT 1 FROM quarry_strings(("o"."properties")::jsonb -> ?) AS "s"("s") WHERE ("s" LIKE ? ESCAPE '\'))))
-- binds: ["notes", "notes", "notes", "%100\\% path\\_of\\\\x%", "notes", "notes", "notes", "%100\\% path\\_of\\\\x%"]
