-- {"filter":{"id":{"$in":["123","124"]},"type":"Thing","created_at":{"$gte":"2024-01-01"},"updated_at":"2024-03-01T10:00:00Z"}}
((((JSON_TYPE(JSON_QUOTE(`o`.`id`)) = 'STRING' AND `o`.`id` COLLATE utf8mb4_nopad_bin = ?) <=> 1) OR ((JSON_TYPE(JSON_QUOTE(`o`.`id`)) = 'STRING' AND `o`.`id` COLLATE utf8mb4_nopad_bin = ?) <=> 1)) AND ((JSON_TYPE(JSON_QUOTE(`o`.`type`)) = 'STRING' AND `o`.`type` COLLATE utf8mb4_nopad_bin = ?) <=> 1) AND (`o`.`created_at` >= ?) AND (`o`.`updated_at` = ?))
-- binds: ["123", "124", "Thing", LocalDateTime(2024-01-01T00:00), LocalDateTime(2024-03-01T10:00)]
