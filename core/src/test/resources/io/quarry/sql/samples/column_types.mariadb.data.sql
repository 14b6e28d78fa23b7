INSERT INTO song (song_id, title, released, kind, formats, starts, cover, flags) VALUES
    (1, 'One', 1999, 'album', 'cd,vinyl', '09:30:00', NULL, b'00000001'),
    (2, 'Two', 2024, 'single', 'cd', '00:00:00', NULL, NULL),
    (3, 'Three', 2024, 'ep', '', '23:59:59', NULL, b'11111111'),
    (4, 'Four', NULL, 'album', NULL, NULL, NULL, NULL),
    (5, 'Five', 2155, 'single', 'tape', '09:30:00', NULL, NULL);
