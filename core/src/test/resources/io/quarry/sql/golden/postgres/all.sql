-- {"filter":{"tags":{"$all":["urgent","auth"]}}}
(COALESCE(jsonb_typeof("o"."properties" -> ?) = 'array', FALSE) AND (("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL) AND (("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL))
-- binds: ["tags", "{\"tags\":\"urgent\"}", "{\"tags\":[\"urgent\"]}", "{\"tags\":\"auth\"}", "{\"tags\":[\"auth\"]}"]
