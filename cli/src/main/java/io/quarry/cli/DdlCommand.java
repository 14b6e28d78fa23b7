package io.quarry.cli;

import io.quarry.sql.Dialect;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.Dialects;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code quarry ddl}: print the graph layout's SQL for a dialect, without running it. */
@Command(
        name = "ddl",
        mixinStandardHelpOptions = true,
        description = {
            "Print the SQL that creates Quarry's graph layout (tables, helper functions, recommended indexes),",
            "for a dialect by name or for the database at a JDBC URL; 'quarry init' runs the same statements.",
            "With --config, also the indexes the configured types' fields need; --full-text [CONFIG] adds full text.",
            "Example: quarry ddl --dialect sqlite --scope-column org_id"
        })
final class DdlCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** Which database: a dialect by name, or one detected from a connection. */
    static final class Target {
        @Option(
                names = "--dialect",
                paramLabel = "NAME",
                description = "A dialect by name, such as h2 or sqlite (the error lists every known name).")
        String dialect;

        @Option(names = "--jdbc-url", paramLabel = "URL", description = "Detect the dialect from this database.")
        String jdbcUrl;
    }

    @Option(names = "--user", paramLabel = "USER", description = "The database user (with --jdbc-url).")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password (with --jdbc-url).")
    String password;

    @CommandLine.Mixin
    LayoutOptions layout;

    @Override
    public Integer call() {
        Dialect dialect = layout.dialect(
                target.dialect != null
                        ? Dialects.named(target.dialect)
                        : Dialects.detect(new UrlDataSource(target.jdbcUrl, user, password)));
        StoreMapping mapping = layout.mapping();
        PrintWriter out = spec.commandLine().getOut();
        out.println("-- Quarry graph layout for " + dialect.name() + "; idempotent, as 'quarry init' runs it");
        for (String statement : dialect.ddl().createGraphLayout(mapping)) {
            out.println(statement + ";");
        }
        java.util.Optional<io.quarry.schema.Schema> schema = layout.schema();
        if (schema.isPresent()) {
            List<String> indexes = dialect.ddl().schemaIndexes(mapping, schema.get());
            if (!indexes.isEmpty()) {
                out.println("-- the indexes the configured fields need");
            }
            for (String statement : indexes) {
                out.println(statement + ";");
            }
        }
        return 0;
    }
}
