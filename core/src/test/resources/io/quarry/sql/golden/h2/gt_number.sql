-- {"filter":{"priority":{"$gt":5}}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["priority", "number_compare", "GT", "5", Boolean(false)]
