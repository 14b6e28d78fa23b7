-- {"filter":{"title":{"$regex":"^fix\\s+(login|auth)","$options":"i"}}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["title", "regex", "EQ", "^fix\\s+(login|auth)", Boolean(true)]
