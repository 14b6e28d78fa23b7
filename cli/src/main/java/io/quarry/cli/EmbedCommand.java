package io.quarry.cli;

import io.quarry.search.EmbeddedText;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.VectorIndex;
import io.quarry.sql.JdbcVectorIndex;
import io.quarry.store.Scope;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code quarry embed}: the objects' text into vectors for {@code semantic_search}, with the default
 * model (quarry-embeddings' all-MiniLM-L6-v2, in process, found as a service: quarry-semantic.jar has it): into the database's {@code quarry_embeddings}
 * table with --jdbc-url or a Lucene index with --index (incremental and resumable), in memory with
 * --data alone (a measure of throughput).
 */
@Command(
        name = "embed",
        mixinStandardHelpOptions = true,
        description = {
            "Embed the objects' text for semantic_search with the built-in model (no network, no key).",
            "With --jdbc-url the vectors go to the database's quarry_embeddings table: a run embeds the objects new"
                    + " or changed since the last (by updated_at) and resumes where an interrupted run stopped.",
            "With --index DIR they go to a Lucene index in DIR (HNSW vectors and BM25 text), kept across runs the same"
                    + " way; serve it with --semantic --index DIR.",
            "With --data alone they stay in memory: the run reports the throughput and the index size.",
            "Which fields are embedded: the configuration's 'search' section, else the text fields of each type.",
            "Example: quarry embed --jdbc-url jdbc:postgresql://localhost:5432/shop --config quarry.yaml"
        })
final class EmbedCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Mixin
    SourceOptions source;

    @Option(names = "--rebuild", description = "Embed every object again, whatever the last run reached.")
    boolean rebuild;

    @Option(
            names = "--batch-size",
            paramLabel = "N",
            defaultValue = "64",
            description = "Objects per batch: one call of the model and one saved state each (default 64).")
    int batchSize;

    @Override
    public Integer call() {
        if (source.demo()) {
            throw new IllegalArgumentException("give --jdbc-url (vectors kept in the database) or --data (in memory)");
        }
        Embedder model = Semantic.model("quarry embed");
        source.writes = true; // the vectors go into the same database
        SourceOptions.Source data = source.source();
        VectorIndex index;
        String where;
        if (source.index != null) {
            index = Semantic.embeddedIndex(source.index);
            where = source.index.toString();
        } else if (source.jdbcUrl != null) {
            // the vectors go into the database: on an embedded H2 file, done once they are on the disk
            // (the tables created and the vectors written while the database is held open)
            String[] line = new String[1];
            Databases.durably(source.jdbcUrl, source.user, source.password, () -> {
                javax.sql.DataSource database = Databases.reading(source.jdbcUrl, source.user, source.password);
                JdbcVectorIndex jdbc =
                        JdbcVectorIndex.create(database, io.quarry.sql.dialect.Dialects.detect(database));
                line[0] = embed(data, model, jdbc, jdbc.table());
            });
            spec.commandLine().getOut().println(line[0]);
            return 0;
        } else {
            index = Semantic.embeddedIndex(null);
            where = "memory";
        }
        try {
            spec.commandLine().getOut().println(embed(data, model, index, where));
            return 0;
        } finally {
            if (index instanceof AutoCloseable closeable) {
                close(closeable);
            }
        }
    }

    private static void close(AutoCloseable index) {
        try {
            index.close();
        } catch (Exception e) {
            throw new DatabaseProblem("the index could not be closed: " + e.getMessage());
        }
    }

    /**
     * Warns on standard error when the table holds more chunks than {@link JdbcVectorIndex#SIZE_LIMIT}
     * (every question reads all of them).
     */
    static void warnPastLimit(JdbcVectorIndex jdbc, java.io.PrintWriter err) {
        long size = jdbc.size();
        if (size > JdbcVectorIndex.SIZE_LIMIT) {
            err.println(String.format(
                    Locale.ROOT,
                    "warning: %s holds %,d chunks, more than the %,d a question reads quickly (each reads every"
                            + " vector); keep them in a Lucene index with --index DIR instead",
                    jdbc.table(),
                    size,
                    JdbcVectorIndex.SIZE_LIMIT));
        }
    }

    /** Embeds what changed and returns the report line, printed once the vectors are kept. */
    private String embed(SourceOptions.Source data, Embedder model, VectorIndex index, String where) {
        EmbeddedText text = data.config() != null && data.config().search().isPresent()
                ? data.config().search().get()
                : EmbeddedText.defaults(data.schema());
        long total = data.store().countByType(Scope.unrestricted()).values().stream()
                .mapToLong(Long::longValue)
                .sum();
        Progress progress = Progress.onTerminal(spec.commandLine().getErr(), total, "embedding", "objects");
        EmbeddingIndexer indexer = EmbeddingIndexer.builder()
                .store(data.store())
                .embedder(model)
                .index(index)
                .text(text)
                .batchSize(batchSize)
                .progress(progress)
                .build();
        EmbeddingIndexer.Report report;
        try {
            report = rebuild ? indexer.rebuild() : indexer.run();
        } catch (EmbeddingException e) {
            progress.done();
            throw new DatabaseProblem(
                    "embedding stopped: " + e.getMessage() + "; run the same command again to resume where it stopped");
        }
        progress.done();
        if (index instanceof JdbcVectorIndex jdbc) {
            warnPastLimit(jdbc, spec.commandLine().getErr());
        }
        return String.format(
                Locale.ROOT,
                "{\"model\": \"%s\", \"index\": \"%s\", \"objects\": %d, \"chunks\": %d, \"deleted\": %d,"
                        + " \"index_size\": %d, \"seconds\": %.1f, \"objects_per_second\": %.1f,"
                        + " \"chunks_per_second\": %.1f, \"reembedded\": %s}",
                model.model(),
                where,
                report.objects(),
                report.chunks(),
                report.deleted(),
                report.indexSize(),
                report.elapsed().toMillis() / 1000.0,
                report.objectsPerSecond(),
                report.chunksPerSecond(),
                report.reembedded());
    }
}
