-- {"filter":{"status":{"$nin":["Done",null]}}}
NOT (((("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL) OR (NOT ("o"."properties" ?? ? AND "o"."properties" IS NOT NULL) OR (("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL))))
-- binds: ["{\"status\":\"Done\"}", "{\"status\":[\"Done\"]}", "status", "{\"status\":null}", "{\"status\":[null]}"]
