package io.quarry.cli;

import io.quarry.store.DataFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code quarry load}: load a data file into a database, in one transaction. */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description = {
            "Load a data file into Quarry's graph layout, in one transaction: a bad row loads nothing.",
            "Reads the file as a stream, twice (a check, then the load), holding only its ids and one batch.",
            "Creates the layout first when it is missing, with the data's scope keys as scope columns.",
            "Exit code 1 when the database or the machine fails it (unreachable, a full disk, a read-only",
            "or busy file: run it again once fixed), 2 for a bad command line, configuration or data file.",
            "Example: quarry load --data data.json --jdbc-url jdbc:h2:file:./graph"
        })
final class LoadCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "The data file.")
    Path data;

    @Option(names = "--jdbc-url", required = true, paramLabel = "URL", description = "The database.")
    String jdbcUrl;

    @Option(names = "--user", paramLabel = "USER", description = "The database user.")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD", description = "The database password.")
    String password;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "A configuration file whose 'store' section names the tables and columns.")
    java.nio.file.Path config;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        DataFile.Scanned scanned = DataFile.scan(data);
        long rows = scanned.objectCount() + scanned.relationshipCount();
        if (rows >= Progress.LINES_FROM) {
            err.println(String.format(
                    Locale.ROOT,
                    "checked %s: %,d objects, %,d relationships",
                    data,
                    scanned.objectCount(),
                    scanned.relationshipCount()));
            err.flush();
        }
        Progress progress = Progress.onTerminal(err, rows);
        Databases.load(Databases.writing(jdbcUrl), user, password, scanned, Databases.configured(config), progress);
        progress.done();
        spec.commandLine()
                .getOut()
                .println("{\"objects\": " + scanned.objectCount() + ", \"relationships\": "
                        + scanned.relationshipCount() + "}");
        return 0;
    }
}
