-- {"filter":{"budget.amount":{"$gte":100000},"address.geo.lat":{"$lt":0}}}
((quarry_num_range(("o"."properties")::jsonb -> ? -> ?) && numrange(?::numeric, NULL, '[)')) AND (quarry_num_range(("o"."properties")::jsonb -> ? -> ? -> ?) && numrange(NULL, ?::numeric, '()')))
-- binds: ["budget", "amount", BigDecimal(100000), "address", "geo", "lat", BigDecimal(0)]
