-- {"filter":{"due_at":{"$exists":true},"owner":{"$exists":false}}}
((("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL) AND NOT (("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL))
-- binds: ["due_at", "owner"]
