-- {"filter":{"done":true}}
((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL)
-- binds: ["{\"done\":true}", "{\"done\":[true]}"]
