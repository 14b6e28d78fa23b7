-- {"filter":{"properties.id":"x","properties.type":{"$exists":true}}}
((("o"."properties")::jsonb @?? ?::jsonpath AND "o"."properties" IS NOT NULL) AND ((("o"."properties")::jsonb ?? ? AND ("o"."properties")::jsonb IS NOT NULL)))
-- binds: ["$ ? (@.\"id\" == \"x\")", "type"]
