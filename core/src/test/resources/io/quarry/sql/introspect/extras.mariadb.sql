-- Not Chinook: a few tables of our own beside it, for what Chinook lacks (secrets, enums, checks, JSON,
-- dates, a one-to-one key, a composite key, a view).

CREATE TABLE shop_account
(
    account_id BIGINT PRIMARY KEY,
    email VARCHAR(120) NOT NULL UNIQUE,
    password_hash VARCHAR(100) NOT NULL,
    api_token TEXT,
    status ENUM('active', 'suspended', 'closed') NOT NULL,
    tier VARCHAR(10) NOT NULL COMMENT 'The plan the account pays for.' CHECK (tier IN ('free', 'pro')),
    settings JSON,
    opened_on DATE,
    verified BOOLEAN NOT NULL DEFAULT false,
    created_at DATETIME(6) NOT NULL,
    customer_id INT,
    CONSTRAINT fk_shop_account_customer FOREIGN KEY (customer_id) REFERENCES Customer (CustomerId)
) COMMENT 'A login of the web shop.';

CREATE TABLE shop_profile
(
    profile_id BIGINT PRIMARY KEY,
    account_id BIGINT NOT NULL UNIQUE,
    bio TEXT,
    CONSTRAINT fk_shop_profile_account FOREIGN KEY (account_id) REFERENCES shop_account (account_id)
);

CREATE TABLE shop_price
(
    account_id BIGINT NOT NULL,
    currency CHAR(3) NOT NULL,
    amount DECIMAL(12,2) NOT NULL,
    PRIMARY KEY (account_id, currency),
    CONSTRAINT fk_shop_price_account FOREIGN KEY (account_id) REFERENCES shop_account (account_id)
);

CREATE TABLE shop_price_change
(
    change_id INT PRIMARY KEY,
    account_id BIGINT NOT NULL,
    currency CHAR(3) NOT NULL,
    old_amount DECIMAL(12,2),
    CONSTRAINT fk_shop_price_change_price FOREIGN KEY (account_id, currency)
        REFERENCES shop_price (account_id, currency)
);

CREATE VIEW shop_invoice_summary AS
    SELECT i.InvoiceId, c.LastName, i.Total FROM Invoice i JOIN Customer c ON c.CustomerId = i.CustomerId;

INSERT INTO shop_account VALUES
    (1, 'luis@example.com', 'x', NULL, 'active', 'pro', '{"theme": "dark"}', '2021-01-01', true, '2021-01-01 10:00:00', 1);

-- more accounts: dates before, on and after a day, and none
INSERT INTO shop_account VALUES
    (2, 'ana@example.com', 'x', NULL, 'active', 'free', NULL, '2020-12-31', false, '2020-12-31 23:00:00', 2),
    (3, 'bo@example.com', 'x', NULL, 'closed', 'free', NULL, NULL, false, '2021-03-01 08:00:00', NULL),
    (4, 'chen@example.com', 'x', NULL, 'suspended', 'pro', NULL, '2021-06-15', true, '2021-06-15 12:00:00', 3);
