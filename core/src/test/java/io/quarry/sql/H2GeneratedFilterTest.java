package io.quarry.sql;

/** Generated filters on H2. */
class H2GeneratedFilterTest extends GeneratedFilterContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
