-- {"filter":{"due_at":{"$exists":true},"owner":{"$exists":false}}}
((json_type("o"."properties", ?) IS NOT NULL) AND NOT (json_type("o"."properties", ?) IS NOT NULL))
-- binds: ["$.\"due_at\"", "$.\"owner\""]
