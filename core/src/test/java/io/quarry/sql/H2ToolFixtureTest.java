package io.quarry.sql;

/** The tool fixture's calls on H2. */
class H2ToolFixtureTest extends ToolFixtureContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }
}
