package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Names with spaces and other characters on MariaDb. */
class OddNamesMariaDbIT extends OddNamesContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
