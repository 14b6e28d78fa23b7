-- {"filter":{"notes":{"$contains":"100% path_of\\x"}}}
((("o"."properties" -> ?) IS NOT NULL AND jsonb_typeof("o"."properties" -> ?) = 'string' AND (("o"."properties" ->> ?) LIKE ? ESCAPE '\')) OR (("o"."properties" -> ?) IS NOT NULL AND jsonb_typeof("o"."properties" -> ?) = 'array' AND EXISTS (SELECT 1 FROM quarry_strings("o"."properties" -> ?) AS "s"("s") WHERE ("s" LIKE ? ESCAPE '\'))))
-- binds: ["notes", "notes", "notes", "%100\\% path\\_of\\\\x%", "notes", "notes", "notes", "%100\\% path\\_of\\\\x%"]
