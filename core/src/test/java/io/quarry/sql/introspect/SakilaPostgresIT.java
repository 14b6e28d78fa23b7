package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.schema.EntityType;
import io.quarry.sql.Backend;
import org.junit.jupiter.api.Test;

/**
 * The Sakila sample as jOOQ's PostgreSQL port ships it (samples/README.md): an enum type, a {@code
 * year} domain, {@code text[]}, {@code tsvector} and {@code bytea} columns, composite keys, circular
 * foreign keys (staff and store), views with joins and aggregates.
 */
class SakilaPostgresIT extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }

    @Override
    String sample() {
        return "sakila";
    }

    /** The enum type and the year domain are served; the array, the text search vector and the picture named. */
    @Test
    void itsTypesAreServedOrNamed() {
        EntityType film = schema().type("Film").orElseThrow();
        assertThat(film.field("rating").orElseThrow().type().jsonName()).isEqualTo("enum");
        assertThat(film.field("rating").orElseThrow().values()).contains("PG-13", "NC-17");
        assertThat(film.field("release_year").orElseThrow().type().jsonName()).isEqualTo("integer");
        assertThat(film.leftOut()).containsKeys("special_features", "fulltext");
        assertThat(schema().type("Staff").orElseThrow().leftOut()).containsKey("picture");
        // film_actor and film_category are join tables: relationships between films and actors, categories
        assertThat(schema().typeNames())
                .contains("CustomerList", "SalesByStore")
                .doesNotContain("FilmActor", "FilmCategory");
    }
}
