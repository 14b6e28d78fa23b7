INSERT INTO song (song_id, title, feeling, starts, tags, length, cover) VALUES
    (1, 'One', 'happy', '09:30:00', ARRAY['rock', 'live'], INTERVAL '3' MINUTE, NULL),
    (2, 'Two', 'sad', '00:00:00', ARRAY[], NULL, NULL),
    (3, 'Three', 'ok', '23:59:59', ARRAY['pop'], INTERVAL '60' MINUTE, NULL),
    (4, 'Four', NULL, NULL, NULL, NULL, NULL),
    (5, 'Five', 'happy', '09:30:00', ARRAY['rock'], NULL, NULL);
