package io.quarry.sql;

/** Scope on H2. */
class H2ScopeTest extends ScopeContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
