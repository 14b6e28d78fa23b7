-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
((("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL) AND ("o"."properties" ?? ? AND "o"."properties" IS NOT NULL))
-- binds: ["{\"id\":\"x\"}", "{\"id\":[\"x\"]}", "type"]
