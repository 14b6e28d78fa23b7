-- Not a public sample: ours, for the column types a dialect has beyond the common ones (issue 28
-- item 1): served where Quarry has a field type for them, else listed under the type's left_out.
CREATE TABLE song (
    song_id             INT          NOT NULL PRIMARY KEY,
    title               VARCHAR(40)  NOT NULL,
    released            YEAR,
    kind                ENUM('album', 'single', 'ep') NOT NULL,
    formats             SET('cd', 'vinyl', 'tape'),
    starts              TIME,
    cover               BLOB,
    flags               BIT(8)
);
