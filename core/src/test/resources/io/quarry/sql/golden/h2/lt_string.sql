-- {"filter":{"title":{"$lt":"M"}}}
QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?)
-- binds: ["title", "string_compare", "LT", "M", Boolean(false)]
