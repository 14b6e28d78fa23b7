-- {"filter":{"tags":{"$all":["urgent","auth"]}}}
(COALESCE(jsonb_typeof(("o"."properties")::jsonb -> ?) = 'array', FALSE) AND ((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL) AND ((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL))
-- binds: ["tags", "{\"tags\":\"urgent\"}", "{\"tags\":[\"urgent\"]}", "{\"tags\":\"auth\"}", "{\"tags\":[\"auth\"]}"]
