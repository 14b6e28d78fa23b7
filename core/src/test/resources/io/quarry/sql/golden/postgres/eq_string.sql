-- {"filter":{"status":"Done"}}
(("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL)
-- binds: ["$ ? (@.\"status\" == \"Done\")"]
