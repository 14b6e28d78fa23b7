package io.quarry.sql;

/** The tool fixture's calls on SQLite. */
class SqliteToolFixtureTest extends ToolFixtureContract {
    @Override
    Backend backend() {
        return Backend.SQLITE;
    }
}
