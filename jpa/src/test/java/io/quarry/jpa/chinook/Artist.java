package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** Chinook's {@code Artist} table. */
@Entity
public class Artist {
    @Id
    @Column(name = "ArtistId")
    public Integer id;

    @Column(name = "Name", length = 120)
    public String name;
}
