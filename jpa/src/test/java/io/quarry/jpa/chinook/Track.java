package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import java.math.BigDecimal;

/** Chinook's {@code Track} table (without its media type, which is not mapped). */
@Entity
public class Track {
    @Id
    @Column(name = "TrackId")
    public Integer id;

    @Column(name = "Name", length = 200)
    public String name;

    @ManyToOne
    @JoinColumn(name = "AlbumId")
    public Album album;

    @ManyToOne
    @JoinColumn(name = "GenreId")
    public Genre genre;

    @Column(name = "Composer", length = 220)
    public String composer;

    @Column(name = "Milliseconds")
    public Integer milliseconds;

    @Column(name = "UnitPrice", precision = 10, scale = 2)
    public BigDecimal unitPrice;
}
