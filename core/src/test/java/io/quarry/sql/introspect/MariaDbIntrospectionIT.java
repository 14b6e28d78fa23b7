package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Test;

/** Introspection on MariaDB (Chinook's MySQL script): {@code ENUM(…)}, {@code JSON} as a checked text column. */
class MariaDbIntrospectionIT extends IntrospectionContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }

    @Test
    void jsonAndBooleanColumnsAreRecognised() {
        assertThat(fieldType("ShopAccount", "settings")).isEqualTo("object");
        assertThat(fieldType("ShopAccount", "verified")).isEqualTo("boolean");
    }
}
