INSERT INTO song (song_id, title, feeling, starts, tags, scores, starts_tz, length, cover, words, price, host) VALUES
    (1, 'One', 'happy', '09:30:00', '{rock,live}', '{1,2}', '09:30:00+02', '3 minutes', NULL, 'one song', 1.5, '127.0.0.1'),
    (2, 'Two', 'sad', '00:00:00', '{}', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    (3, 'Three', 'ok', '23:59:59.5', '{pop}', '{3}', NULL, '1 hour', NULL, NULL, NULL, NULL),
    (4, 'Four', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    (5, 'Five', 'happy', '09:30:00', '{rock}', '{}', NULL, NULL, NULL, NULL, NULL, NULL);
