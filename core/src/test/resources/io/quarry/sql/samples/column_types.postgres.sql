-- Not a public sample: ours, for the column types a dialect has beyond the common ones (issue 28
-- item 1): served where Quarry has a field type for them, else listed under the type's left_out.
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE song (
    song_id             INTEGER      NOT NULL PRIMARY KEY,
    title               TEXT         NOT NULL,
    feeling             mood,
    starts              TIME,
    tags                TEXT[],
    scores              INTEGER[],
    starts_tz           TIMETZ,
    length              INTERVAL,
    cover               BYTEA,
    words               TSVECTOR,
    price               MONEY,
    host                INET
);
