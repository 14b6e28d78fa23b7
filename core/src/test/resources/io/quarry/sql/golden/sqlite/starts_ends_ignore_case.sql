-- {"filter":{"title":{"$startsWith":"Fix","$endsWith":"flow","$options":"i"}}}
(EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?))) AND EXISTS (SELECT 1 FROM json_each("o"."properties", ?) "e" WHERE typeof("e"."key") <> 'text' AND ("e"."type" = 'text' AND QUARRY_TEXT("e"."value", ?, ?, ?, ?))))
-- binds: ["$.\"title\"", "match", "STARTS_WITH", "Fix", Integer(1), "$.\"title\"", "match", "ENDS_WITH", "flow", Integer(1)]
