package io.quarry.cli;

/** The commands over Chinook in an embedded H2 file. */
class H2ChinookCommandsTest extends ChinookCommandsContract {
    @Override
    String emptyDatabase() {
        return "jdbc:h2:file:" + dir.resolve("chinook").toAbsolutePath();
    }

    @Override
    String dialect() {
        return "h2";
    }
}
