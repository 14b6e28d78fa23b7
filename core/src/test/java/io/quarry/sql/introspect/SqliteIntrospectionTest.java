package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Introspection on SQLite (Chinook's SQLite script): types as declared, checks read from the table's text. */
class SqliteIntrospectionTest extends IntrospectionContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }

    /** The table layout's ids on this backend. */
    @org.junit.jupiter.api.Nested
    class Ids extends TableIdsContract {
        @Override
        Backend backend() {
            return Backend.SQLITE;
        }
    }
}
