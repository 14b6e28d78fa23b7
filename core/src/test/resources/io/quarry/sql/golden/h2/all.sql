-- {"filter":{"tags":{"$all":["urgent","auth"]}}}
(QUARRY_ARRAY_SIZE("o"."properties", ?) >= 0 AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["tags", "tags", "string_equals", "EQ", "urgent", Boolean(false), "tags", "string_equals", "EQ", "auth", Boolean(false)]
