-- {"filter":{"owner":{"$ne":null}}}
NOT ((NOT QUARRY_EXISTS("o"."properties", ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)))
-- binds: ["owner", "owner", "is_null", "EQ", "", Boolean(false)]
