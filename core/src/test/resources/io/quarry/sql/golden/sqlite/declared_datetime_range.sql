-- {"type":"Declared","filter":{"due_at":{"$gte":"2024-06-01","$lt":"2024-06-08"}}}
(EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?))) AND EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?))))
-- binds: ["$.\"due_at\"", "instant_compare", "GTE", "1717200000000000", Integer(0), "$.\"due_at\"", "instant_compare", "LT", "1717804800000000", Integer(0)]
