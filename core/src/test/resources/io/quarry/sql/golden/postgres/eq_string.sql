-- {"filter":{"status":"Done"}}
(("o"."properties")::jsonb @?? ?::jsonpath AND ("o"."properties")::jsonb IS NOT NULL)
-- binds: ["$ ? (@.\"status\" == \"Done\")"]
