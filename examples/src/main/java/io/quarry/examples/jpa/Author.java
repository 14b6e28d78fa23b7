package io.quarry.examples.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import java.util.ArrayList;
import java.util.List;

/** An author of books. */
@Entity
public class Author {
    @Id
    @GeneratedValue
    Long id;

    String name;

    String country;

    @OneToMany(mappedBy = "author")
    List<Book> books = new ArrayList<>();

    protected Author() {}

    Author(String name, String country) {
        this.name = name;
        this.country = country;
    }
}
