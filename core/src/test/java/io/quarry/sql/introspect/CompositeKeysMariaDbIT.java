package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Composite keys of every column kind on MariaDb. */
class CompositeKeysMariaDbIT extends CompositeKeysContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
