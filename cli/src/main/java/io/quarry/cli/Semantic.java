package io.quarry.cli;

import io.quarry.search.EmbeddedText;
import io.quarry.search.Embedder;
import io.quarry.search.EmbeddingException;
import io.quarry.search.EmbeddingIndexer;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.search.VectorIndex;
import io.quarry.sql.JdbcVectorIndex;
import io.quarry.sql.dialect.Dialects;
import io.quarry.store.Scope;
import io.quarry.tool.Toolkit;
import java.io.PrintWriter;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import javax.sql.DataSource;

/**
 * {@code --semantic}: the built-in model and an index for the toolkit of any command that runs tools.
 *
 * <p>The model is found through {@link ServiceLoader}: quarry-embeddings registers its {@code
 * MiniLmEmbedder}. {@code quarry.jar} leaves the embedding stack out (ONNX Runtime, the tokenizers and
 * the model are 70 MB of natives and weights), {@code quarry-semantic.jar} carries it.
 */
final class Semantic {
    /** The one line a command without the model prints (exit code 2, like any usage error). */
    static final String NO_MODEL = "needs the embedding model, which quarry.jar leaves out: run the same command"
            + " with quarry-semantic.jar (built beside quarry.jar, in cli/target)";

    private Semantic() {}

    /**
     * The model on the class path: the first {@link Embedder} registered as a service.
     *
     * @param what the option or command that needs it, for the message
     * @throws IllegalArgumentException with {@link #NO_MODEL} when none is registered
     */
    static Embedder model(String what) {
        try {
            return ServiceLoader.load(Embedder.class, Semantic.class.getClassLoader())
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(what + " " + NO_MODEL));
        } catch (ServiceConfigurationError e) {
            // the provider's constructor failed (no native library for this platform): its own message
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /**
     * The embedded index (quarry-lucene's {@code LuceneIndex}) in {@code folder}, or in memory when it is
     * {@code null}: looked up by name, as quarry-semantic.jar carries it and quarry.jar does not; the
     * exact {@link InMemoryVectorIndex} in memory when it is missing.
     *
     * @throws IllegalArgumentException when a folder is given and the class path has no Lucene
     */
    static VectorIndex embeddedIndex(java.nio.file.Path folder) {
        Class<?> lucene;
        try {
            lucene = Class.forName("io.quarry.lucene.LuceneIndex", true, Semantic.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            if (folder != null) {
                throw new IllegalArgumentException("--index " + NO_MODEL, e);
            }
            return new InMemoryVectorIndex();
        }
        try {
            Object index = folder == null
                    ? lucene.getMethod("inMemory").invoke(null)
                    : lucene.getMethod("open", java.nio.file.Path.class).invoke(null, folder);
            return (VectorIndex) index;
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause; // the index's own message (EmbeddingException)
            }
            throw new EmbeddingException("The index could not be opened: " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("quarry-lucene on the class path has no LuceneIndex.open/inMemory", e);
        }
    }

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
        Embedder model = model("--semantic");
        VectorIndex index;
        if (folder != null || database == null) {
            index = embeddedIndex(folder);
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
            // never created here: the database may be open read-only
            JdbcVectorIndex jdbc = JdbcVectorIndex.existing(database, Dialects.detect(database))
                    .filter(existing -> existing.size() > 0)
                    .orElseThrow(() -> new DatabaseProblem("the database has no vectors in quarry_embeddings"
                            + "; run 'quarry embed' with the same --jdbc-url first"));
            index = jdbc;
            EmbedCommand.warnPastLimit(jdbc, err);
        }
        toolkit.embedder(model).vectorIndex(index);
    }
}
