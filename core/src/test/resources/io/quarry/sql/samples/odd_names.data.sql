-- Rows for odd_names*.sql (ours; see README.md beside this file).
INSERT INTO "Customers" VALUES (1, 'Alfreds Futterkiste', '12209', 'Berlin'), (2, 'Ana Trujillo', '05021', 'México D.F.'), (3, 'Around the Horn', NULL, 'London/UK');
INSERT INTO "Products" VALUES (10, 'Chai', 18.00), (11, 'Chang', 19.00), (12, 'Aniseed Syrup', 10.00);
INSERT INTO "Orders" VALUES (100, 1, '1996-07-04', 'Berlin'), (101, 1, '1996-07-05', 'Berlin'), (102, 2, '1996-07-08', 'México'), (103, 3, '1996-07-08', NULL);
INSERT INTO "Order Details" VALUES (100, 10, 14.00, 12), (100, 11, 9.80, 10), (101, 12, 34.80, 5), (102, 10, 18.00, 9), (103, 11, 19.00, 40), (103, 12, 10.00, 12);
