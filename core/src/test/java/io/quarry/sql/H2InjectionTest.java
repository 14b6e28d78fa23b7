package io.quarry.sql;

/** The injection corpus on H2. */
class H2InjectionTest extends InjectionContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
