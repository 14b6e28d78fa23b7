-- {"filter":{"status":{"$nin":["Done",null]}}}
NOT ((QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR (NOT QUARRY_EXISTS("o"."properties", ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))))
-- binds: ["status", "string_equals", "EQ", "Done", Boolean(false), "status", "status", "is_null", "EQ", "", Boolean(false)]
