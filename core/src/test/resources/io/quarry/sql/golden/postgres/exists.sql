-- {"filter":{"due_at":{"$exists":true},"owner":{"$exists":false}}}
(("o"."properties" ?? ? AND "o"."properties" IS NOT NULL) AND NOT ("o"."properties" ?? ? AND "o"."properties" IS NOT NULL))
-- binds: ["due_at", "owner"]
