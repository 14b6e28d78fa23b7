package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import java.util.Set;

/** Chinook's {@code Playlist} table and its join table {@code PlaylistTrack}. */
@Entity
public class Playlist {
    @Id
    @Column(name = "PlaylistId")
    public Integer id;

    @Column(name = "Name", length = 120)
    public String name;

    @ManyToMany
    @JoinTable(
            name = "PlaylistTrack",
            joinColumns = @JoinColumn(name = "PlaylistId"),
            inverseJoinColumns = @JoinColumn(name = "TrackId"))
    public Set<Track> tracks;
}
