-- {"filter":{"done":true}}
(("o"."properties")::jsonb @?? ?::jsonpath AND ("o"."properties")::jsonb IS NOT NULL)
-- binds: ["$ ? (@.\"done\" == true)"]
