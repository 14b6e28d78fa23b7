package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Composite keys of every column kind on Postgres. */
class CompositeKeysPostgresIT extends CompositeKeysContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
