-- {"filter":{}}
(1 = 1)
-- binds: []
