package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Names with spaces and other characters on Postgres. */
class OddNamesPostgresIT extends OddNamesContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
