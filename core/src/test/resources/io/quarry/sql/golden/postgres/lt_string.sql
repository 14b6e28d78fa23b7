-- {"filter":{"title":{"$lt":"M"}}}
(((("o"."properties")::jsonb -> ?) IS NOT NULL AND jsonb_typeof(("o"."properties")::jsonb -> ?) = 'string' AND ((("o"."properties")::jsonb ->> ?) COLLATE "C" < ?)) OR ((("o"."properties")::jsonb -> ?) IS NOT NULL AND jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array' AND EXISTS (SELECT 1 FROM quarry_strings(("o"."properties")::jsonb -> ?) AS "s"("s") WHERE ("s" COLLATE "C" < ?))))
-- binds: ["title", "title", "title", "M", "title", "title", "title", "M"]
