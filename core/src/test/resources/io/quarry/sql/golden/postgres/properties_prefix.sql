-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
(((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL) AND (("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL))
-- binds: ["{\"id\":\"x\"}", "{\"id\":[\"x\"]}", "type"]
