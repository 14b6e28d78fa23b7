-- {"filter":{"owner":{"$ne":null}}}
(((NOT (("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL) OR ((("o"."properties")::jsonb @> ?::jsonb OR ("o"."properties")::jsonb @> ?::jsonb) AND ("o"."properties")::jsonb IS NOT NULL))) IS NOT TRUE)
-- binds: ["owner", "{\"owner\":null}", "{\"owner\":[null]}"]
