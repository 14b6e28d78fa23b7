-- {"filter":{"budget.amount":{"$gte":100000},"address.geo.lat":{"$lt":0}}}
(QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?) AND QUARRY_ANY("o"."properties", ?, ?, ?, ?, ?))
-- binds: ["budget.amount", "number_compare", "GTE", "100000", Boolean(false), "address.geo.lat", "number_compare", "LT", "0", Boolean(false)]
