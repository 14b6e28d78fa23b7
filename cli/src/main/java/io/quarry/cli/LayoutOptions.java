package io.quarry.cli;

import io.quarry.sql.StoreMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The graph layout's names: a configuration file's {@code store} section, or the defaults with scope columns. */
final class LayoutOptions {
    @Option(
            names = "--scope-column",
            paramLabel = "NAME",
            description = "A scope column of the objects table, such as org_id (repeatable).")
    List<String> scopeColumns = new ArrayList<>();

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "A configuration file whose 'store' section names the tables and columns.")
    Path config;

    @Option(
            names = "--full-text",
            arity = "0..1",
            fallbackValue = "",
            paramLabel = "CONFIG",
            description = "Full text in the column " + Databases.FULL_TEXT_COLUMN + " with its index. PostgreSQL: a"
                    + " stored tsvector with this text search configuration, such as english or simple. MariaDB:"
                    + " --full-text alone, a stored column of the string values with a FULLTEXT index.")
    String fullText;

    /** The schema of the configuration file, whose declared fields get the indexes they need. */
    java.util.Optional<io.quarry.schema.Schema> schema() {
        return config == null
                ? java.util.Optional.empty()
                : io.quarry.config.QuarryConfig.load(config).schema();
    }

    /** The dialect, with full text when {@code --full-text} asks for it (PostgreSQL and MariaDB). */
    io.quarry.sql.Dialect dialect(io.quarry.sql.Dialect detected) {
        return Databases.withFullText(detected, fullText);
    }

    /** The mapping these options give; scope columns in the file and on the command line are an error. */
    StoreMapping mapping() {
        return Databases.mapping(config, scopeColumns);
    }
}
