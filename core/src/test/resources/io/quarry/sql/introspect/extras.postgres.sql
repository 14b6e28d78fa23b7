-- Not Chinook: a few tables of our own beside it, for what Chinook lacks (secrets, enums, checks, JSON,
-- dates, a one-to-one key, a composite key, a view, a materialized view, a partitioned table).

CREATE TYPE shop_status AS ENUM ('active', 'suspended', 'closed');

CREATE TABLE shop_account
(
    account_id BIGINT PRIMARY KEY,
    email VARCHAR(120) NOT NULL UNIQUE,
    password_hash VARCHAR(100) NOT NULL,
    api_token TEXT,
    status shop_status NOT NULL,
    tier VARCHAR(10) NOT NULL CHECK (tier IN ('free', 'pro')),
    settings JSONB,
    opened_on DATE,
    verified BOOLEAN NOT NULL DEFAULT false,
    created_at TIMESTAMPTZ NOT NULL,
    customer_id INT REFERENCES customer (customer_id)
);

COMMENT ON TABLE shop_account IS 'A login of the web shop.';

COMMENT ON COLUMN shop_account.tier IS 'The plan the account pays for.';

CREATE TABLE shop_profile
(
    profile_id BIGINT PRIMARY KEY,
    account_id BIGINT NOT NULL UNIQUE REFERENCES shop_account (account_id),
    bio TEXT
);

CREATE TABLE shop_price
(
    account_id BIGINT NOT NULL REFERENCES shop_account (account_id),
    currency CHAR(3) NOT NULL,
    amount NUMERIC(12,2) NOT NULL,
    PRIMARY KEY (account_id, currency)
);

CREATE TABLE shop_price_change
(
    change_id INTEGER PRIMARY KEY,
    account_id BIGINT NOT NULL,
    currency CHAR(3) NOT NULL,
    old_amount NUMERIC(12,2),
    FOREIGN KEY (account_id, currency) REFERENCES shop_price (account_id, currency)
);

CREATE TABLE shop_event
(
    event_id BIGINT PRIMARY KEY,
    account_id BIGINT REFERENCES shop_account (account_id),
    kind VARCHAR(20) NOT NULL,
    happened_at TIMESTAMPTZ NOT NULL
) PARTITION BY RANGE (event_id);

CREATE TABLE shop_event_1 PARTITION OF shop_event FOR VALUES FROM (0) TO (1000);

CREATE TABLE shop_event_2 PARTITION OF shop_event FOR VALUES FROM (1000) TO (2000);

CREATE VIEW shop_invoice_summary AS
    SELECT i.invoice_id, c.last_name, i.total FROM invoice i JOIN customer c ON c.customer_id = i.customer_id;

CREATE MATERIALIZED VIEW genre_count AS
    SELECT g.genre_id, g.name, count(t.track_id) AS tracks FROM genre g LEFT JOIN track t ON t.genre_id = g.genre_id
    GROUP BY g.genre_id, g.name;

INSERT INTO shop_account VALUES
    (1, 'luis@example.com', 'x', NULL, 'active', 'pro', '{"theme": "dark"}', '2021-01-01', true, '2021-01-01 10:00:00+00', 1);

-- more accounts: dates before, on and after a day, and none
INSERT INTO shop_account VALUES
    (2, 'ana@example.com', 'x', NULL, 'active', 'free', NULL, '2020-12-31', false, '2020-12-31 23:00:00+00', 2),
    (3, 'bo@example.com', 'x', NULL, 'closed', 'free', NULL, NULL, false, '2021-03-01 08:00:00+00', NULL),
    (4, 'chen@example.com', 'x', NULL, 'suspended', 'pro', NULL, '2021-06-15', true, '2021-06-15 12:00:00+00', 3);
