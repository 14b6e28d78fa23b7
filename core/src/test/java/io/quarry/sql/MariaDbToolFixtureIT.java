package io.quarry.sql;

/** The tool fixture's calls on MariaDB. */
class MariaDbToolFixtureIT extends ToolFixtureContract {
    @Override
    Backend backend() {
        return Backend.MARIADB;
    }
}
