-- Not Chinook: a few tables of our own beside it, for what Chinook lacks (secrets, enums, checks, JSON,
-- dates, a one-to-one key, a composite key, a view).

CREATE TABLE "shop_account"
(
    "account_id" BIGINT PRIMARY KEY,
    "email" VARCHAR(120) NOT NULL UNIQUE,
    "password_hash" VARCHAR(100) NOT NULL,
    "api_token" CHARACTER LARGE OBJECT,
    "status" ENUM('active', 'suspended', 'closed') NOT NULL,
    "tier" VARCHAR(10) NOT NULL CHECK ("tier" IN ('free', 'pro')),
    "settings" JSON,
    "opened_on" DATE,
    "verified" BOOLEAN DEFAULT FALSE NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "customer_id" INT REFERENCES "Customer" ("CustomerId")
);

COMMENT ON TABLE "shop_account" IS 'A login of the web shop.';

COMMENT ON COLUMN "shop_account"."tier" IS 'The plan the account pays for.';

CREATE TABLE "shop_profile"
(
    "profile_id" BIGINT PRIMARY KEY,
    "account_id" BIGINT NOT NULL UNIQUE REFERENCES "shop_account" ("account_id"),
    "bio" CHARACTER LARGE OBJECT
);

CREATE TABLE "shop_price"
(
    "account_id" BIGINT NOT NULL REFERENCES "shop_account" ("account_id"),
    "currency" CHAR(3) NOT NULL,
    "amount" NUMERIC(12,2) NOT NULL,
    PRIMARY KEY ("account_id", "currency")
);

CREATE TABLE "shop_price_change"
(
    "change_id" INTEGER PRIMARY KEY,
    "account_id" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "old_amount" NUMERIC(12,2),
    FOREIGN KEY ("account_id", "currency") REFERENCES "shop_price" ("account_id", "currency")
);

CREATE VIEW "shop_invoice_summary" AS
    SELECT i."InvoiceId", c."LastName", i."Total" FROM "Invoice" i JOIN "Customer" c ON c."CustomerId" = i."CustomerId";

INSERT INTO "shop_account" VALUES
    (1, 'luis@example.com', 'x', NULL, 'active', 'pro', JSON '{"theme": "dark"}', DATE '2021-01-01', TRUE,
     TIMESTAMP WITH TIME ZONE '2021-01-01 10:00:00+00', 1);

-- more accounts: dates before, on and after a day, and none
INSERT INTO "shop_account" VALUES
    (2, 'ana@example.com', 'x', NULL, 'active', 'free', NULL, DATE '2020-12-31', FALSE, TIMESTAMP WITH TIME ZONE '2020-12-31 23:00:00+00', 2),
    (3, 'bo@example.com', 'x', NULL, 'closed', 'free', NULL, NULL, FALSE, TIMESTAMP WITH TIME ZONE '2021-03-01 08:00:00+00', NULL),
    (4, 'chen@example.com', 'x', NULL, 'suspended', 'pro', NULL, DATE '2021-06-15', TRUE, TIMESTAMP WITH TIME ZONE '2021-06-15 12:00:00+00', 3);
