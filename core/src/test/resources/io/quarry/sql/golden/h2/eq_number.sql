-- {"filter":{"priority":5}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["priority", "number_compare", "EQ", "5", Boolean(false)]
