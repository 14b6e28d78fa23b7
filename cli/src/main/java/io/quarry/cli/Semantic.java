package io.quarry.cli;

import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.search.EmbeddedText;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorIndex;
import io.quarry.sql.JdbcVectorIndex;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.Scope;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import javax.sql.DataSource;

/** {@code --semantic}: the built-in model and an index for the toolkit of any command that runs tools. */
final class Semantic {
    private Semantic() {}

    /**
     * Adds the default model and the vectors: the database's {@code quarry_embeddings} table (as {@code
     * quarry embed} left it) when {@code database} is given, else an in-memory index embedded now, with
     * progress on standard error.
     *
     * @throws DatabaseProblem when the database has no vectors yet
     */
    static void attach(Toolkit.Builder toolkit, SourceOptions.Source source, DataSource database, PrintWriter err) {
        MiniLmEmbedder model = new MiniLmEmbedder();
        VectorIndex index;
        if (database != null) {
            JdbcVectorIndex jdbc = JdbcVectorIndex.create(database, Dialects.detect(database));
            if (jdbc.size() == 0) {
                throw new DatabaseProblem("the database has no vectors in " + jdbc.table()
                        + "; run 'quarry embed' with the same --jdbc-url first");
            }
            index = jdbc;
        } else {
            EmbeddedText text =
                    source.config() != null && source.config().search().isPresent()
                            ? source.config().search().get()
                            : EmbeddedText.defaults(source.schema());
            long total = source.store().countByType(Scope.unrestricted()).values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
            Progress progress = Progress.onTerminal(err, total, "embedding", "objects");
            index = new InMemoryVectorIndex();
            EmbeddingIndexer.builder()
                    .store(source.store())
                    .embedder(model)
                    .index(index)
                    .text(text)
                    .progress(progress)
                    .build()
                    .run();
            progress.done();
        }
        toolkit.embedder(model).vectorIndex(index);
    }
}
