package io.quarry.jpa.shop.catalog;

import jakarta.persistence.Entity;

/** A joined subclass: its own table, its key a foreign key to the product's. */
@Entity
public class Book extends Product {
    public String isbn;

    protected Book() {}

    public Book(Long id, String name, Double weight, String isbn) {
        super(id, name, weight);
        this.isbn = isbn;
    }
}
