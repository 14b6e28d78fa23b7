-- {"filter":{"status":"Done"}}
(("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL)
-- binds: ["{\"status\":\"Done\"}", "{\"status\":[\"Done\"]}"]
