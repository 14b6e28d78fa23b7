-- {"filter":{"notes":{"$contains":"100% path_of\\x"}}}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?)))
-- binds: ["$.\"notes\"", "match", "CONTAINS", "100% path_of\\x", Integer(0)]
