package io.quarry.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code quarry init}: create the graph layout's tables, functions and indexes (idempotent). */
@Command(
        name = "init",
        mixinStandardHelpOptions = true,
        description = {
            "Create Quarry's graph layout in a database (idempotent); with --config, also the indexes the",
            "configured types' fields need (numbers, dates, text), and full text with --full-text [CONFIG].",
            "Example: quarry init --jdbc-url jdbc:h2:file:./graph --scope-column org_id"
        })
final class InitCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL", description = "The database.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "The database user.")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password.")
    String password;

    @CommandLine.Mixin
    LayoutOptions layout;

    @Override
    public Integer call() {
        // on an embedded H2 file, the layout counts as created once it is on the disk
        Databases.durably(jdbcUrl, user, password, () -> Databases.init(jdbcUrl, user, password, layout));
        spec.commandLine().getOut().println("{\"initialized\": true}");
        return 0;
    }
}
