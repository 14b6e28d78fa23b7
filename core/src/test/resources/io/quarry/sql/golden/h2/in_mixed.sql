-- {"filter":{"status":{"$in":["Open","Blocked",5,null]}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR (NOT QUARRY_EXISTS("o"."properties", ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)))
-- binds: ["status", "string_equals", "EQ", "Open", Boolean(false), "status", "string_equals", "EQ", "Blocked", Boolean(false), "status", "number_compare", "EQ", "5", Boolean(false), "status", "status", "is_null", "EQ", "", Boolean(false)]
