-- {"filter":{"status":{"$nin":["Done",null]}}}
(((((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL) OR (NOT (("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL) OR ((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL)))) IS NOT TRUE)
-- binds: ["{\"status\":\"Done\"}", "{\"status\":[\"Done\"]}", "status", "{\"status\":null}", "{\"status\":[null]}"]
