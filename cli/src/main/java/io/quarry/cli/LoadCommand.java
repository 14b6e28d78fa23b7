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
            "With --neo4j-url into Neo4j: the whole file checked first, then written in batches.",
            "Reads the file as a stream, twice (a check, then the load), holding only its ids and one batch.",
            "Creates the layout first when it is missing, with the data's scope keys as scope columns.",
            "Exit code 1 when the database or the machine fails it (unreachable, a full disk, a read-only",
            "or busy file: run it again once fixed), 2 for a bad command line, configuration or data file.",
            "Example: quarry load --data data.json --jdbc-url jdbc:h2:file:./graph",
            "         quarry load --data data.json --neo4j-url bolt://localhost:7687 --user neo4j --password secret"
        })
final class LoadCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--data", required = true, paramLabel = "FILE", description = "The data file.")
    Path data;

    @Option(names = "--jdbc-url", paramLabel = "URL", description = "The SQL database.")
    String jdbcUrl;

    @Option(names = "--neo4j-url", paramLabel = "URL", description = "A Neo4j database, e.g. bolt://localhost:7687.")
    String neo4jUrl;

    @Option(
            names = "--neo4j-database",
            paramLabel = "NAME",
            description = "The database of --neo4j-url. Default: the server's default database.")
    String neo4jDatabase;

    @Option(
            names = "--neo4j-label",
            paramLabel = "LABEL",
            description = "The label of the object nodes in --neo4j-url. Default: QuarryObject.")
    String neo4jLabel;

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
        if ((jdbcUrl == null) == (neo4jUrl == null)) {
            throw new IllegalArgumentException("give --jdbc-url or --neo4j-url (one of them)");
        }
        Neo4jDatabase.requireUrl(neo4jUrl, neo4jDatabase, neo4jLabel);
        if (neo4jUrl != null) {
            return intoNeo4j();
        }
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
        return loaded(scanned.objectCount(), scanned.relationshipCount());
    }

    /**
     * Into Neo4j: the constraint and index first when missing, then the nodes and relationships in
     * batches (the whole file is checked as it is read, so a bad row writes nothing; a failing batch
     * leaves the ones before it).
     */
    private int intoNeo4j() {
        if (config != null) {
            throw new IllegalArgumentException(
                    "--config names SQL tables and columns; --neo4j-url loads Quarry's graph layout: leave it out");
        }
        DataFile.DataSet set = DataFile.read(data);
        io.quarry.neo4j.Neo4jObjectStore store = Neo4jDatabase.store(
                neo4jUrl, user, password, neo4jDatabase, neo4jLabel, java.time.Duration.ofMinutes(30));
        store.createLayout();
        try {
            store.load(set);
        } catch (org.neo4j.driver.exceptions.ClientException e) {
            if (e.code() != null && e.code().endsWith("ConstraintValidationFailed")) {
                throw new IllegalArgumentException(data + ": an object id is already under the label "
                        + (neo4jLabel == null ? "QuarryObject" : neo4jLabel) + " in " + neo4jUrl
                        + " (ids are unique per label); load into a new --neo4j-label, or delete those nodes first");
            }
            throw new DatabaseProblem(
                    "Neo4j at " + neo4jUrl + " refused the load: "
                            + String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
                    e);
        }
        return loaded(set.objects().size(), set.relationships().size());
    }

    private int loaded(long objects, long relationships) {
        spec.commandLine().getOut().println("{\"objects\": " + objects + ", \"relationships\": " + relationships + "}");
        return 0;
    }
}
