-- {"type":"Declared","filter":{"score":{"$in":[1,2.5,3]},"title":"x"}}
((QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) OR QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["score", "number_compare", "EQ", "1", Boolean(false), "score", "number_compare", "EQ", "2.5", Boolean(false), "score", "number_compare", "EQ", "3", Boolean(false), "title", "string_equals", "EQ", "x", Boolean(false)]
