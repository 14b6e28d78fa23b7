package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/**
 * The Sakila sample as jOOQ's SQLite port ships it (samples/README.md): declared types SQLite reads
 * by affinity ({@code BLOB SUB_TYPE TEXT}), text years, timestamps as text, join tables and views.
 */
class SakilaSqliteTest extends SampleSchemaContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }

    @Override
    String sample() {
        return "sakila";
    }
}
