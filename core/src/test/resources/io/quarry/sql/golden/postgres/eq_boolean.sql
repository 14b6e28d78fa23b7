-- {"filter":{"done":true}}
(("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL)
-- binds: ["{\"done\":true}", "{\"done\":[true]}"]
