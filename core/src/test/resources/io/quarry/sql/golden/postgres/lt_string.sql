-- {"filter":{"title":{"$lt":"M"}}}
((("o"."properties" -> ?) IS NOT NULL AND jsonb_typeof("o"."properties" -> ?) = 'string' AND (("o"."properties" ->> ?) COLLATE "C" < ?)) OR (("o"."properties" -> ?) IS NOT NULL AND jsonb_typeof("o"."properties" -> ?) = 'array' AND EXISTS (SELECT 1 FROM quarry_strings("o"."properties" -> ?) AS "s"("s") WHERE ("s" COLLATE "C" < ?))))
-- binds: ["title", "title", "title", "M", "title", "title", "title", "M"]
