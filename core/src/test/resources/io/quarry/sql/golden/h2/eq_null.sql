-- {"filter":{"owner":null}}
(NOT QUARRY_EXISTS("o"."properties", ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["owner", "owner", "is_null", "EQ", "", Boolean(false)]
