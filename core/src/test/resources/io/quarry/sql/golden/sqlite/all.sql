-- {"filter":{"tags":{"$all":["urgent","auth"]}}}
(json_type("o"."properties", ?) IS 'array' AND EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND "e"."value" = ?)) AND EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND "e"."value" = ?)))
-- binds: ["$.\"tags\"", "$.\"tags\"", "urgent", "$.\"tags\"", "auth"]
