package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** Chinook's {@code Genre} table. */
@Entity
public class Genre {
    @Id
    @Column(name = "GenreId")
    public Integer id;

    @Column(name = "Name", length = 120)
    public String name;
}
