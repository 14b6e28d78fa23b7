-- {"filter":{"priority":{"$gt":5}}}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" IN ('integer', 'real', 'text') AND QUARRY_VALUE("o"."properties" -> "e"."fullkey", ?, ?, ?, ?)))
-- binds: ["$.\"priority\"", "number_compare", "GT", "5", Integer(0)]
