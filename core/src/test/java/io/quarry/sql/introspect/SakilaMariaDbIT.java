package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.schema.EntityType;
import io.quarry.sql.Backend;
import org.junit.jupiter.api.Test;

/**
 * The Sakila sample as jOOQ's MySQL port ships it (samples/README.md): {@code YEAR}, {@code ENUM},
 * {@code SET} (left out), {@code BLOB}, unsigned keys, join tables and six views.
 */
class SakilaMariaDbIT extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }

    @Override
    String sample() {
        return "sakila";
    }

    /** {@code YEAR} and {@code ENUM} are served; the {@code SET} and the picture named. */
    @Test
    void itsTypesAreServedOrNamed() {
        EntityType film = schema().type("Film").orElseThrow();
        assertThat(film.field("rating").orElseThrow().type().jsonName()).isEqualTo("enum");
        assertThat(film.field("release_year").orElseThrow().type().jsonName()).isEqualTo("integer");
        assertThat(film.leftOut()).containsKey("special_features");
        assertThat(schema().type("Staff").orElseThrow().leftOut()).containsKey("picture");
    }
}
