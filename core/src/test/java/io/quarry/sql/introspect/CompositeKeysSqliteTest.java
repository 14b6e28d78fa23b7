package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Composite keys of every column kind on Sqlite. */
class CompositeKeysSqliteTest extends CompositeKeysContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
