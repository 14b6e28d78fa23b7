-- {"filter":{"owner":{"$ne":null}}}
NOT ((NOT ("o"."properties" ?? ? AND "o"."properties" IS NOT NULL) OR (("o"."properties" @> ?::jsonb OR "o"."properties" @> ?::jsonb) AND "o"."properties" IS NOT NULL)))
-- binds: ["owner", "{\"owner\":null}", "{\"owner\":[null]}"]
