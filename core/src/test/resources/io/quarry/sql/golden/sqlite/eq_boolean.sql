-- {"filter":{"done":true}}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'true' AND 1 = 1))
-- binds: ["$.\"done\""]
