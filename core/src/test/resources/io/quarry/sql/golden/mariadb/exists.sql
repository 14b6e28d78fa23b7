-- {"filter":{"due_at":{"$exists":true},"owner":{"$exists":false}}}
((JSON_CONTAINS_PATH(`o`.`properties`, 'one', '$.due_at') <=> 1) AND NOT (JSON_CONTAINS_PATH(`o`.`properties`, 'one', '$.owner') <=> 1))
-- binds: []
