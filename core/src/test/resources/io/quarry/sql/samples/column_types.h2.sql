-- Not a public sample: ours, for the column types a dialect has beyond the common ones (issue 28
-- item 1): served where Quarry has a field type for them, else listed under the type's left_out.
CREATE TABLE song (
    song_id             INTEGER      NOT NULL PRIMARY KEY,
    title               VARCHAR(40)  NOT NULL,
    feeling             ENUM('sad', 'ok', 'happy'),
    starts              TIME,
    tags                VARCHAR(10) ARRAY,
    length              INTERVAL MINUTE,
    cover               VARBINARY(100)
);
