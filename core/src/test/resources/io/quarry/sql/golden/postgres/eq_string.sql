-- {"filter":{"status":"Done"}}
((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL)
-- binds: ["{\"status\":\"Done\"}", "{\"status\":[\"Done\"]}"]
