-- {"filter":{"status":{"$ne":"Done"}}}
((((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL)) IS NOT TRUE)
-- binds: ["{\"status\":\"Done\"}", "{\"status\":[\"Done\"]}"]
