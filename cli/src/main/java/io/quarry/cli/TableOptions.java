package io.quarry.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which of a database's tables introspection reads. */
final class TableOptions {
    @Option(
            names = "--include",
            paramLabel = "GLOB",
            split = ",",
            description = "Introspect only tables matching these globs (* any run, ? one character; repeatable or "
                    + "comma-separated), e.g. --include 'sales_*'. Default: every table and view.")
    List<String> include = new ArrayList<>();

    @Option(
            names = "--exclude",
            paramLabel = "GLOB",
            split = ",",
            description = "Leave out tables matching these globs, after --include, e.g. --exclude 'flyway_*'.")
    List<String> exclude = new ArrayList<>();

    @Option(
            names = "--scope-column",
            paramLabel = "COLUMN",
            split = ",",
            description = "The tenant column of the introspected tables, e.g. --scope-column tenant_id: every table "
                    + "that has it is scoped by it (--scope tenant_id=acme), and a table without it is left out with "
                    + "a warning.")
    List<String> scopeColumns = new ArrayList<>();
}
