-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_EXISTS("o"."properties", ?))
-- binds: ["id", "string_equals", "EQ", "x", Boolean(false), "type"]
