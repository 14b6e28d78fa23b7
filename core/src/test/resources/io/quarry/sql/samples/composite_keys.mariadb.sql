-- Not a public sample: ours, for composite keys of every column kind (issue 28 item 2): keys with a
-- date, a timestamp without and with time zone, a time, a decimal, a text and an integer, in 2- and
-- 3-column keys, each with a composite foreign key to it. Every row has a unique tag, by which the
-- contract maps SQL rows to objects without comparing values of those types.
-- MariaDB: no zoned timestamp type; TIMESTAMP (stored in UTC, shown in the session zone) stands in.
CREATE TABLE shift (
    shift_day                 DATE         NOT NULL,
    slot                INTEGER      NOT NULL,
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (shift_day, slot)
);
CREATE TABLE shift_note (
    note_id             INTEGER      NOT NULL PRIMARY KEY,
    shift_day                 DATE,
    slot                INTEGER,
    tag                 VARCHAR(20)  NOT NULL,
    FOREIGN KEY (shift_day, slot) REFERENCES shift (shift_day, slot)
);
CREATE TABLE reading (
    taken_at            DATETIME(3)  NOT NULL,
    sensor              VARCHAR(20)  NOT NULL,
    val                 DECIMAL(8, 3),
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (taken_at, sensor)
);
CREATE TABLE reading_flag (
    flag_id             INTEGER      NOT NULL PRIMARY KEY,
    taken_at            DATETIME(3),
    sensor              VARCHAR(20),
    tag                 VARCHAR(20)  NOT NULL,
    FOREIGN KEY (taken_at, sensor) REFERENCES reading (taken_at, sensor)
);
CREATE TABLE event (
    at_tz               TIMESTAMP(3) NOT NULL,
    seq                 INTEGER      NOT NULL,
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (at_tz, seq)
);
CREATE TABLE event_ack (
    at_tz               TIMESTAMP(3) NOT NULL,
    seq                 INTEGER      NOT NULL,
    ack_no              INTEGER      NOT NULL,
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (at_tz, seq, ack_no),
    FOREIGN KEY (at_tz, seq) REFERENCES event (at_tz, seq)
);
CREATE TABLE slot_price (
    starts              TIME         NOT NULL,
    price               DECIMAL(10, 2) NOT NULL,
    code                VARCHAR(10)  NOT NULL,
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (starts, price, code)
);
CREATE TABLE slot_use (
    use_id              INTEGER      NOT NULL PRIMARY KEY,
    starts              TIME,
    price               DECIMAL(10, 2),
    code                VARCHAR(10),
    tag                 VARCHAR(20)  NOT NULL,
    FOREIGN KEY (starts, price, code) REFERENCES slot_price (starts, price, code)
);
CREATE TABLE ledger (
    book                VARCHAR(10)  NOT NULL,
    entry_day           DATE         NOT NULL,
    amount              NUMERIC(12, 2) NOT NULL,
    tag                 VARCHAR(20)  NOT NULL,
    PRIMARY KEY (book, entry_day, amount)
);
CREATE TABLE ledger_check (
    check_id            INTEGER      NOT NULL PRIMARY KEY,
    book                VARCHAR(10),
    entry_day           DATE,
    amount              NUMERIC(12, 2),
    tag                 VARCHAR(20)  NOT NULL,
    FOREIGN KEY (book, entry_day, amount) REFERENCES ledger (book, entry_day, amount)
);
