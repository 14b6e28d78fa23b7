-- {"filter":{"done":true}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["done", "boolean_equals", "EQ", "true", Boolean(false)]
