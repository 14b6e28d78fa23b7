package io.quarry.sql;

/** The tool fixture's calls on PostgreSQL. */
class PostgresToolFixtureIT extends ToolFixtureContract {
    @Override
    Backend backend() {
        return Backend.POSTGRES;
    }
}
