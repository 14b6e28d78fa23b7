-- {"filter":{"title":{"$startsWith":"Fix","$endsWith":"flow","$options":"i"}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["title", "match", "STARTS_WITH", "Fix", Boolean(true), "title", "match", "ENDS_WITH", "flow", Boolean(true)]
