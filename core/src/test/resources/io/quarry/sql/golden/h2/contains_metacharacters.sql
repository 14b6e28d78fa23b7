-- {"filter":{"notes":{"$contains":"100% path_of\\x"}}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["notes", "match", "CONTAINS", "100% path_of\\x", Boolean(false)]
