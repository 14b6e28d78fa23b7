package io.quarry.sql.introspect;

import io.quarry.sql.Backend;
import java.util.List;
import java.util.Map;

/** MariaDB's column types: {@code YEAR}, {@code ENUM}, {@code TIME}; {@code SET}, {@code BLOB} and {@code BIT(8)} left out. */
class ColumnTypesMariaDbIT extends ColumnTypesContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }

    @Override
    Map<String, String> served() {
        return Map.of(
                "song_id", "integer", "title", "string", "released", "integer", "kind", "enum", "starts", "string");
    }

    @Override
    List<String> leftOut() {
        return List.of("formats", "cover", "flags");
    }
}
