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

    /** The mapping these options give; scope columns in the file and on the command line are an error. */
    StoreMapping mapping() {
        return Databases.mapping(config, scopeColumns);
    }
}
