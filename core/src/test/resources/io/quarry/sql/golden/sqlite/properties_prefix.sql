-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
(EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND "e"."value" = ?)) AND (json_type("o"."properties", ?) IS NOT NULL))
-- binds: ["$.\"id\"", "x", "$.\"type\""]
