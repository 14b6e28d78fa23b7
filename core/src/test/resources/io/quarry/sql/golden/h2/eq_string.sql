-- {"filter":{"status":"Done"}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["status", "string_equals", "EQ", "Done", Boolean(false)]
