package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Names with spaces and other characters on H2. */
class OddNamesH2Test extends OddNamesContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
