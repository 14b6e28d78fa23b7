-- {"type":"Declared","filter":{"score":{"$in":[1,2.5,3]},"title":"x"}}
((("o"."properties")::jsonb @> ?::jsonb AND "o"."properties" IS NOT NULL) AND ((quarry_num_key(("o"."properties")::jsonb -> ?) = ANY(?::numeric[]))))
-- binds: ["{\"title\":\"x\"}", "score", "{1,2.5,3}"]
