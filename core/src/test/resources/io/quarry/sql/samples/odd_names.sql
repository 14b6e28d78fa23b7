-- Not a public sample: ours, for names with spaces and other characters (issue 28 item 3), shaped as
-- Northwind's SQLite port names them ("Order Details", "Customer ID") with a column "zip code".
CREATE TABLE "Customers" (
    "Customer ID"       INTEGER      NOT NULL PRIMARY KEY,
    "Company Name"      VARCHAR(40)  NOT NULL,
    "zip code"          VARCHAR(10),
    "City/Region"       VARCHAR(30)
);
CREATE TABLE "Products" (
    "Product ID"        INTEGER      NOT NULL PRIMARY KEY,
    "Product Name"      VARCHAR(40)  NOT NULL,
    "Unit Price ($)"    DECIMAL(10, 2)
);
CREATE TABLE "Orders" (
    "Order ID"          INTEGER      NOT NULL PRIMARY KEY,
    "Customer ID"       INTEGER      REFERENCES "Customers" ("Customer ID"),
    "Order Date"        DATE,
    "Ship-City"         VARCHAR(20)
);
CREATE TABLE "Order Details" (
    "Order ID"          INTEGER      NOT NULL REFERENCES "Orders" ("Order ID"),
    "Product ID"        INTEGER      NOT NULL REFERENCES "Products" ("Product ID"),
    "Unit Price"        DECIMAL(10, 2) NOT NULL,
    "Quantity"          INTEGER      NOT NULL,
    PRIMARY KEY ("Order ID", "Product ID")
);
CREATE VIEW "Customer Cities" AS SELECT "Customer ID" AS customer_id, "zip code", "City/Region" FROM "Customers";
