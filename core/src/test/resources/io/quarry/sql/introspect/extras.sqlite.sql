-- Not Chinook: a few tables of our own beside it, for what Chinook lacks (secrets, checks, dates, a
-- one-to-one key, a composite key, a view). SQLite has no enum type and keeps no comments.

CREATE TABLE shop_account
(
    account_id INTEGER PRIMARY KEY,
    email VARCHAR(120) NOT NULL UNIQUE,
    password_hash VARCHAR(100) NOT NULL,
    api_token TEXT,
    status VARCHAR(10) NOT NULL CHECK (status IN ('active', 'suspended', 'closed')),
    tier VARCHAR(10) NOT NULL CHECK (tier IN ('free', 'pro')),
    settings JSON,
    opened_on DATE,
    verified BOOLEAN NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL,
    customer_id INTEGER REFERENCES Customer (CustomerId)
);

CREATE TABLE shop_profile
(
    profile_id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL UNIQUE REFERENCES shop_account (account_id),
    bio TEXT
);

CREATE TABLE shop_price
(
    account_id INTEGER NOT NULL REFERENCES shop_account (account_id),
    currency CHAR(3) NOT NULL,
    amount NUMERIC(12,2) NOT NULL,
    PRIMARY KEY (account_id, currency)
);

CREATE TABLE shop_price_change
(
    change_id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL,
    currency CHAR(3) NOT NULL,
    old_amount NUMERIC(12,2),
    FOREIGN KEY (account_id, currency) REFERENCES shop_price (account_id, currency)
);

CREATE VIEW shop_invoice_summary AS
    SELECT i.InvoiceId, c.LastName, i.Total FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId;

INSERT INTO shop_account VALUES
    (1, 'luis@example.com', 'x', NULL, 'active', 'pro', '{"theme": "dark"}', '2021-01-01', 1, '2021-01-01 10:00:00', 1);

-- more accounts: dates before, on and after a day, and none
INSERT INTO shop_account VALUES
    (2, 'ana@example.com', 'x', NULL, 'active', 'free', NULL, '2020-12-31', 0, '2020-12-31 23:00:00', 2),
    (3, 'bo@example.com', 'x', NULL, 'closed', 'free', NULL, NULL, 0, '2021-03-01 08:00:00', NULL),
    (4, 'chen@example.com', 'x', NULL, 'suspended', 'pro', NULL, '2021-06-15', 1, '2021-06-15 12:00:00', 3);
