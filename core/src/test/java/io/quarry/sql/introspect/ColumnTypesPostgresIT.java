package io.quarry.sql.introspect;

import io.quarry.sql.Backend;
import java.util.List;
import java.util.Map;

/** PostgreSQL's column types: an enum type, {@code time}; arrays, {@code timetz}, intervals, binary, text search vectors, money and addresses left out. */
class ColumnTypesPostgresIT extends ColumnTypesContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }

    @Override
    Map<String, String> served() {
        return Map.of("song_id", "integer", "title", "text", "feeling", "enum", "starts", "string");
    }

    @Override
    List<String> leftOut() {
        return List.of("tags", "scores", "starts_tz", "length", "cover", "words", "price", "host");
    }
}
