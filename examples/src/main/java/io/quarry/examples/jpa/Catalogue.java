package io.quarry.examples.jpa;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The application's own repository: Quarry does not need it, the application does. */
public interface Catalogue extends JpaRepository<Book, Long> {
    /** The books of a genre. */
    List<Book> findByGenre(Genre genre);
}
