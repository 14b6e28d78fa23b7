package io.quarry.sql.introspect;

import io.quarry.sql.Backend;

/** Composite keys of every column kind on H2. */
class CompositeKeysH2Test extends CompositeKeysContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
