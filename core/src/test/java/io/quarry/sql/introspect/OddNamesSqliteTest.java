package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Names with spaces and other characters on Sqlite. */
class OddNamesSqliteTest extends OddNamesContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
