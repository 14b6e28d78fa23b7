-- {"filter":{"status":{"$ne":"Done"}}}
NOT (EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND "e"."value" = ?)))
-- binds: ["$.\"status\"", "Done"]
