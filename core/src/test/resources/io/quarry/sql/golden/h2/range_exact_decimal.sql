-- {"filter":{"score":{"$gte":1.5,"$lt":9007199254740993}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["score", "number_compare", "GTE", "1.5", Boolean(false), "score", "number_compare", "LT", "9007199254740993", Boolean(false)]
