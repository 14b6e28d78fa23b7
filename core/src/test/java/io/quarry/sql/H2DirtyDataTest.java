package io.quarry.sql;

/** Dirty data on H2. */
class H2DirtyDataTest extends DirtyDataContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
