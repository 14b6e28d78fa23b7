package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import java.util.List;

/** Chinook's {@code Album} table. */
@Entity
public class Album {
    @Id
    @Column(name = "AlbumId")
    public Integer id;

    @Column(name = "Title", length = 160)
    public String title;

    @ManyToOne
    @JoinColumn(name = "ArtistId")
    public Artist artist;

    @OneToMany(mappedBy = "album")
    public List<Track> tracks;
}
