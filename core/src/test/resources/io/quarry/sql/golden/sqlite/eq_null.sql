-- {"filter":{"owner":null}}
(NOT (json_type("o"."properties", ?) IS NOT NULL) OR EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'null' AND 1 = 1)))
-- binds: ["$.\"owner\"", "$.\"owner\""]
