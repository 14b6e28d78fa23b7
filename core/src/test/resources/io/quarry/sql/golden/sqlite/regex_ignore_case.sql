-- {"filter":{"title":{"$regex":"^fix\\s+(login|auth)","$options":"i"}}}
EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?)))
-- binds: ["$.\"title\"", "regex", "EQ", "^fix\\s+(login|auth)", Integer(1)]
