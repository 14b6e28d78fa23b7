package io.quarry.sql.introspect;

import io.quarry.sql.Backend;
import java.util.List;
import java.util.Map;

/** H2's column types: {@code ENUM}, {@code TIME}; arrays, intervals and binary left out. */
class ColumnTypesH2Test extends ColumnTypesContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }

    @Override
    Map<String, String> served() {
        return Map.of("song_id", "integer", "title", "string", "feeling", "enum", "starts", "string");
    }

    @Override
    List<String> leftOut() {
        return List.of("tags", "length", "cover");
    }
}
