-- {"filter":{"due_at":{"$exists":true},"owner":{"$exists":false}}}
(QUARRY_EXISTS("o"."properties", ?) AND NOT QUARRY_EXISTS("o"."properties", ?))
-- binds: ["due_at", "owner"]
