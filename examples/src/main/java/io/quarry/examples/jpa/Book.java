package io.quarry.examples.jpa;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import java.math.BigDecimal;
import java.time.LocalDate;

/** A book in the shop's catalogue. */
@Entity
public class Book {
    @Id
    @GeneratedValue
    Long id;

    String title;

    @Enumerated(EnumType.STRING)
    Genre genre;

    BigDecimal price;

    LocalDate publishedOn;

    @ManyToOne(cascade = CascadeType.PERSIST)
    Author author;

    protected Book() {}

    Book(String title, Genre genre, String price, LocalDate publishedOn, Author author) {
        this.title = title;
        this.genre = genre;
        this.price = new BigDecimal(price);
        this.publishedOn = publishedOn;
        this.author = author;
    }
}
