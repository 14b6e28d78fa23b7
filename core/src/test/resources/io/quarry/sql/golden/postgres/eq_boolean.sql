-- {"filter":{"done":true}}
(("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL)
-- binds: ["$ ? (@.\"done\" == true)"]
