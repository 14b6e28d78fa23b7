package io.quarry.cli;

import io.quarry.sql.introspect.Introspection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code quarry introspect}: print the configuration introspection derives from a database's tables. */
@Command(
        name = "introspect",
        mixinStandardHelpOptions = true,
        description = {
            "Read a database's tables, views, columns, keys and comments and print the YAML configuration that "
                    + "serves them (types and a table layout), to review, edit and load with --config.",
            "Hidden fields and warnings (what was skipped or guessed) go to standard error.",
            "Example: quarry introspect --jdbc-url jdbc:sqlite:shop.db --exclude 'flyway_*' --output quarry.yaml"
        })
final class IntrospectCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL", description = "The database.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "The database user.")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password.")
    String password;

    @Mixin
    TableOptions tables;

    @Option(
            names = "--output",
            paramLabel = "FILE",
            description = "Write the configuration to this file instead of standard output.")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Introspection result = Databases.introspect(
                Databases.reading(jdbcUrl, user, password), tables, line -> err.println("quarry: " + line));
        for (String hidden : result.hiddenFields()) {
            err.println("quarry: hidden (looks secret; set exposed: true to show it): " + hidden);
        }
        for (String warning : result.warnings()) {
            err.println("quarry: " + warning);
        }
        if (output == null) {
            spec.commandLine().getOut().print(result.toYaml());
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(output, result.toYaml());
            err.println("quarry: wrote " + output);
        }
        return 0;
    }
}
