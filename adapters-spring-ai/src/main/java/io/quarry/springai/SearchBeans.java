package io.quarry.springai;

import io.quarry.search.Embedder;
import io.quarry.search.VectorIndex;
import io.quarry.tool.Toolkit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.ClassUtils;

/**
 * {@code quarry.search.*}: the toolkit's embedder and vector index from the application's beans. A
 * host's own {@link Embedder} and {@link VectorIndex} beans come first; else its Spring AI {@link
 * EmbeddingModel} and, when Spring AI's vector store module is on the classpath, its {@link VectorStore}.
 */
final class SearchBeans {
    private static final Logger LOG = LoggerFactory.getLogger(SearchBeans.class);
    private static final String VECTOR_STORE = "org.springframework.ai.vectorstore.VectorStore";

    private SearchBeans() {}

    static void apply(
            Toolkit.Builder toolkit,
            QuarryProperties.Search search,
            ObjectProvider<Embedder> embedders,
            ObjectProvider<VectorIndex> indexes,
            ObjectProvider<EmbeddingModel> models,
            BeanFactory beans) {
        if (!search.isEnabled()) {
            return;
        }
        Embedder embedder = embedders.getIfUnique();
        if (embedder == null) {
            EmbeddingModel model = models.getIfUnique();
            embedder = model == null ? null : QuarryEmbeddings.embedder(model);
        }
        if (embedder == null) {
            return;
        }
        toolkit.embedder(embedder);
        VectorIndex index = indexes.getIfUnique();
        if (index == null && ClassUtils.isPresent(VECTOR_STORE, SearchBeans.class.getClassLoader())) {
            index = Stores.index(beans, embedder, search.getIndexName());
        }
        if (index != null) {
            toolkit.vectorIndex(index);
        }
    }

    /** Loaded only when Spring AI's vector store module is on the classpath. */
    private static final class Stores {
        static VectorIndex index(BeanFactory beans, Embedder embedder, String indexName) {
            VectorStore store = beans.getBeanProvider(VectorStore.class).getIfUnique();
            if (store == null) {
                return null;
            }
            if (!(embedder instanceof SpringAiEmbedder)) {
                LOG.warn(
                        "Quarry: the VectorStore bean is not used for semantic_search: it embeds texts itself and"
                                + " needs the embedder of the application's EmbeddingModel, not the Embedder bean {}",
                        embedder);
                return null;
            }
            return QuarryEmbeddings.vectorIndex(store, embedder, indexName);
        }
    }
}
