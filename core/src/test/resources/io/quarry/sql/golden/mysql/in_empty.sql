-- {"filter":{"status":{"$in":[]}}}
(1 = 0)
-- binds: []
