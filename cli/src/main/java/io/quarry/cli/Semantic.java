package io.quarry.cli;

import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.lucene.LuceneIndex;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.VectorIndex;
import io.quarry.sql.JdbcVectorIndex;
import io.quarry.store.Scope;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import javax.sql.DataSource;

/** {@code --semantic}: the built-in model and an index for the toolkit of any command that runs tools. */
final class Semantic {
    private Semantic() {}

    /**
     * Adds the default model and the vectors: the Lucene index in {@code folder} brought up to date when it
     * is given; else the database's {@code quarry_embeddings} table (as {@code quarry embed} left it) when
     * {@code database} is given; else a Lucene index in memory embedded now, with progress on standard
     * error.
     *
     * @throws DatabaseProblem when the database has no vectors yet
     */
    static void attach(
            Toolkit.Builder toolkit,
            SourceOptions.Source source,
            DataSource database,
            java.nio.file.Path folder,
            PrintWriter err) {
        MiniLmEmbedder model = new MiniLmEmbedder();
        VectorIndex index;
        if (folder != null || database == null) {
            index = folder != null ? LuceneIndex.open(folder) : LuceneIndex.inMemory();
            EmbeddedText text =
                    source.config() != null && source.config().search().isPresent()
                            ? source.config().search().get()
                            : EmbeddedText.defaults(source.schema());
            long total = source.store().countByType(Scope.unrestricted()).values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
            Progress progress = Progress.onTerminal(err, total, "embedding", "objects");
            EmbeddingIndexer.builder()
                    .store(source.store())
                    .embedder(model)
                    .index(index)
                    .text(text)
                    .progress(progress)
                    .build()
                    .run();
            progress.done();
        } else {
            JdbcVectorIndex jdbc = JdbcVectorIndex.create(database);
            if (jdbc.size() == 0) {
                throw new DatabaseProblem("the database has no vectors in " + jdbc.table()
                        + "; run 'quarry embed' with the same --jdbc-url first");
            }
            index = jdbc;
            EmbedCommand.warnPastLimit(jdbc, err);
        }
        toolkit.embedder(model).vectorIndex(index);
    }
}
