package io.quarry.lucene;

import static java.util.Objects.requireNonNull;

import io.quarry.search.EmbeddingException;
import io.quarry.search.IndexState;
import io.quarry.search.KeywordIndex;
import io.quarry.search.VectorEntry;
import io.quarry.search.VectorIndex;
import io.quarry.search.VectorMatch;
import io.quarry.store.Scope;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;

/**
 * The embedded index for semantic and hybrid search: one Lucene index of the chunks, each with its
 * vector (HNSW, {@link KnnFloatVectorField}), its text (BM25, English analysis) and its object's type and
 * scope values as indexed terms, so that the nearest neighbours and the best keyword matches of a
 * caller's types and scope are found inside the index, not by widening a candidate list afterwards.
 *
 * <pre>{@code
 * try (LuceneIndex index = LuceneIndex.open(Path.of("quarry-index"))) {
 *     EmbeddingIndexer.builder().store(store).embedder(embedder).index(index).build().run();
 *     Toolkit toolkit = Toolkit.builder().store(store).embedder(embedder).vectorIndex(index).build();
 * }
 * }</pre>
 *
 * <p>It keeps the {@link io.quarry.search.EmbeddingIndexer}'s state in each commit, so a run embeds only
 * what changed since the last; a state of another model empties the index first (the vectors of two
 * models never mix). Vectors are normalized on the way in; scores are cosine similarities as in {@link
 * io.quarry.search.InMemoryVectorIndex}. A zero vector (a blank text) is kept for its words and never
 * comes back as a neighbour. At most 1,024 dimensions (Lucene's limit). One process opens an on-disk index
 * at a time. Thread-safe; close it to release the files.
 */
public final class LuceneIndex implements VectorIndex, KeywordIndex, AutoCloseable {
    private static final String KEY = "key";
    private static final String OBJECT = "object_id";
    private static final String TYPE = "type";
    private static final String SCOPED = "scoped";
    private static final String SCOPE = "scope.";
    private static final String TEXT = "text";
    private static final String VECTOR = "vector";
    private static final String MODEL = "quarry.model";
    private static final String UPDATED_AT = "quarry.updated_at";
    private static final String LAST_ID = "quarry.last_id";
    /** Words of a question at most, as Lucene's clause limit is far. */
    private static final int MAX_WORDS = 64;

    private final String where;
    private final Directory directory;
    private final Analyzer analyzer = new EnglishAnalyzer();
    private final IndexWriter writer;
    private final SearcherManager searchers;
    private final AtomicBoolean stale = new AtomicBoolean();
    private volatile IndexState state;

    private LuceneIndex(String where, Directory directory) throws IOException {
        this.where = where;
        this.directory = directory;
        IndexWriterConfig config = new IndexWriterConfig(analyzer)
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)
                .setRAMBufferSizeMB(128);
        IndexWriter w;
        try {
            w = new IndexWriter(directory, config);
        } catch (LockObtainFailedException e) {
            directory.close();
            throw new EmbeddingException(
                    "The index " + where + " is open in another process; close it there first.", e);
        }
        this.writer = w;
        this.searchers = new SearcherManager(writer, null);
        this.state = read(writer.getLiveCommitData());
    }

    /**
     * The index in a folder, created when missing (Lucene's memory-mapped files).
     *
     * @throws EmbeddingException when the folder cannot be read or written, or another process has it open
     */
    public static LuceneIndex open(Path folder) {
        requireNonNull(folder, "folder");
        try {
            return new LuceneIndex(folder.toString(), FSDirectory.open(folder));
        } catch (IOException e) {
            throw new EmbeddingException("The index " + folder + " could not be opened: " + e.getMessage(), e);
        }
    }

    /** An index in memory, gone when closed. */
    public static LuceneIndex inMemory() {
        try {
            return new LuceneIndex("in memory", new ByteBuffersDirectory());
        } catch (IOException e) {
            throw new EmbeddingException("The index in memory could not be created: " + e.getMessage(), e);
        }
    }

    @Override
    public void upsert(List<VectorEntry> entries) {
        for (VectorEntry e : requireNonNull(entries, "entries")) {
            Document doc = new Document();
            doc.add(new StringField(KEY, e.key(), Field.Store.YES));
            doc.add(new StringField(OBJECT, e.objectId(), Field.Store.YES));
            doc.add(new StringField(TYPE, e.type(), Field.Store.NO));
            if (e.scope() != null) {
                doc.add(new StringField(SCOPED, "1", Field.Store.NO));
                e.scope().forEach((k, v) -> doc.add(new StringField(SCOPE + k, v, Field.Store.NO)));
            }
            if (e.text() != null) {
                doc.add(new TextField(TEXT, e.text(), Field.Store.NO));
            }
            float[] unit = unit(e.vector());
            if (unit != null) {
                doc.add(new KnnFloatVectorField(VECTOR, unit, VectorSimilarityFunction.DOT_PRODUCT));
            }
            try {
                writer.updateDocument(new Term(KEY, e.key()), doc);
            } catch (IllegalArgumentException x) {
                throw new EmbeddingException(
                        "The index " + where + " refused a vector of " + e.vector().length + " dimensions ("
                                + x.getMessage() + "): re-embed with one model of at most 1,024 dimensions.",
                        x);
            } catch (IOException x) {
                throw failed(x);
            }
        }
        stale.set(true);
    }

    @Override
    public void delete(Collection<String> objectIds) {
        List<Term> terms = new ArrayList<>();
        for (String id : objectIds) {
            terms.add(new Term(OBJECT, id));
        }
        try {
            for (int from = 0; from < terms.size(); from += 1_000) {
                writer.deleteDocuments(terms.subList(from, Math.min(terms.size(), from + 1_000))
                        .toArray(new Term[0]));
            }
        } catch (IOException x) {
            throw failed(x);
        }
        stale.set(true);
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types) {
        return nearest(vector, candidates, types, Scope.unrestricted());
    }

    @Override
    public List<VectorMatch> nearest(float[] vector, int candidates, Set<String> types, Scope scope) {
        if (candidates <= 0) {
            return List.of();
        }
        float[] q = unit(vector);
        IndexSearcher searcher = acquire();
        try {
            FieldInfo field =
                    FieldInfos.getMergedFieldInfos(searcher.getIndexReader()).fieldInfo(VECTOR);
            if (field == null || q == null) {
                return List.of();
            }
            if (field.getVectorDimension() != q.length) {
                throw new EmbeddingException("The index holds vectors of " + field.getVectorDimension()
                        + " dimensions and the query has " + q.length + ": re-embed with one model.");
            }
            Query knn = new KnnFloatVectorQuery(VECTOR, q, candidates, filter(types, scope));
            // Lucene's DOT_PRODUCT score is (1 + cosine) / 2
            return matches(searcher, searcher.search(knn, candidates), s -> 2.0 * s - 1.0);
        } catch (IOException x) {
            throw failed(x);
        } finally {
            release(searcher);
        }
    }

    @Override
    public List<VectorMatch> keyword(String text, int candidates, Set<String> types, Scope scope) {
        if (candidates <= 0) {
            return List.of();
        }
        Set<String> words = words(requireNonNull(text, "text"));
        if (words.isEmpty()) {
            return List.of();
        }
        BooleanQuery.Builder any = new BooleanQuery.Builder();
        words.forEach(w -> any.add(new TermQuery(new Term(TEXT, w)), Occur.SHOULD));
        BooleanQuery.Builder query = new BooleanQuery.Builder().add(any.build(), Occur.MUST);
        Query filter = filter(types, scope);
        if (filter != null) {
            query.add(filter, Occur.FILTER);
        }
        IndexSearcher searcher = acquire();
        try {
            return matches(searcher, searcher.search(query.build(), candidates), s -> s);
        } catch (IOException x) {
            throw failed(x);
        } finally {
            release(searcher);
        }
    }

    @Override
    public long size() {
        IndexSearcher searcher = acquire();
        try {
            return searcher.getIndexReader().numDocs();
        } finally {
            release(searcher);
        }
    }

    @Override
    public Optional<IndexState> state() {
        return Optional.ofNullable(state);
    }

    /**
     * Stores the state in a commit of the index, with every entry written before it; a state of another
     * model than the stored one empties the index first.
     */
    @Override
    public synchronized void state(IndexState state) {
        requireNonNull(state, "state");
        try {
            IndexState previous = this.state;
            if (previous != null && !previous.model().equals(state.model())) {
                writer.deleteAll();
                stale.set(true);
            }
            Map<String, String> data = new HashMap<>();
            data.put(MODEL, state.model());
            if (state.lastId() != null) {
                data.put(UPDATED_AT, state.updatedAt().toString());
                data.put(LAST_ID, state.lastId());
            }
            writer.setLiveCommitData(data.entrySet());
            writer.commit();
            this.state = state;
        } catch (IOException x) {
            throw failed(x);
        }
    }

    @Override
    public Optional<Set<String>> objectIds() {
        Set<String> ids = new HashSet<>();
        IndexSearcher searcher = acquire();
        try {
            for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
                Terms terms = leaf.reader().terms(OBJECT);
                if (terms == null) {
                    continue;
                }
                Bits live = leaf.reader().getLiveDocs();
                TermsEnum each = terms.iterator();
                PostingsEnum postings = null;
                for (BytesRef term = each.next(); term != null; term = each.next()) {
                    postings = each.postings(postings, PostingsEnum.NONE);
                    for (int doc = postings.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = postings.nextDoc()) {
                        if (live == null || live.get(doc)) {
                            ids.add(term.utf8ToString());
                            break;
                        }
                    }
                }
            }
            return Optional.of(ids);
        } catch (IOException x) {
            throw failed(x);
        } finally {
            release(searcher);
        }
    }

    /**
     * Merges the index into one segment: the fastest to search, and slow to write (every vector goes into
     * one graph again); for a bulk load, once at its end.
     */
    public void forceMerge() {
        try {
            writer.forceMerge(1);
            writer.commit();
        } catch (IOException x) {
            throw failed(x);
        }
        stale.set(true);
    }

    /** Commits what was written and releases the index's files. */
    @Override
    public void close() {
        try {
            searchers.close();
            writer.close();
            directory.close();
        } catch (IOException x) {
            throw failed(x);
        }
    }

    @Override
    public String toString() {
        return "LuceneIndex[" + where + "]";
    }

    /** Only the types (when any are given) and the caller's scope (or entries of unknown scope); null for all. */
    private static Query filter(Set<String> types, Scope scope) {
        BooleanQuery.Builder filter = new BooleanQuery.Builder();
        boolean any = false;
        if (!types.isEmpty()) {
            BooleanQuery.Builder ofTypes = new BooleanQuery.Builder();
            types.forEach(t -> ofTypes.add(new TermQuery(new Term(TYPE, t)), Occur.SHOULD));
            filter.add(ofTypes.build(), Occur.FILTER);
            any = true;
        }
        if (!scope.isUnrestricted()) {
            BooleanQuery.Builder scoped = new BooleanQuery.Builder();
            scoped.add(new TermQuery(new Term(SCOPED, "1")), Occur.FILTER);
            scope.values().forEach((k, v) -> scoped.add(new TermQuery(new Term(SCOPE + k, v)), Occur.FILTER));
            Query unknown = new BooleanQuery.Builder()
                    .add(new MatchAllDocsQuery(), Occur.FILTER)
                    .add(new TermQuery(new Term(SCOPED, "1")), Occur.MUST_NOT)
                    .build();
            filter.add(
                    new BooleanQuery.Builder()
                            .add(scoped.build(), Occur.SHOULD)
                            .add(unknown, Occur.SHOULD)
                            .build(),
                    Occur.FILTER);
            any = true;
        }
        return any ? filter.build() : null;
    }

    private static List<VectorMatch> matches(
            IndexSearcher searcher, TopDocs top, java.util.function.DoubleUnaryOperator score) throws IOException {
        StoredFields stored = searcher.storedFields();
        Set<String> fields = Set.of(KEY, OBJECT);
        List<VectorMatch> out = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc hit : top.scoreDocs) {
            Document doc = stored.document(hit.doc, fields);
            out.add(new VectorMatch(doc.get(KEY), doc.get(OBJECT), score.applyAsDouble(hit.score)));
        }
        out.sort(Comparator.comparingDouble(VectorMatch::score).reversed().thenComparing(VectorMatch::key));
        return out;
    }

    /** The analyzed words of a question (lower case, stemmed, no stop words), each once. */
    private Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        try (TokenStream tokens = analyzer.tokenStream(TEXT, text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken() && words.size() < MAX_WORDS) {
                words.add(term.toString());
            }
            tokens.end();
        } catch (IOException x) {
            throw failed(x);
        }
        return words;
    }

    private IndexSearcher acquire() {
        try {
            if (stale.getAndSet(false)) {
                searchers.maybeRefreshBlocking();
            }
            return searchers.acquire();
        } catch (IOException x) {
            throw failed(x);
        }
    }

    private void release(IndexSearcher searcher) {
        try {
            searchers.release(searcher);
        } catch (IOException x) {
            throw failed(x);
        }
    }

    private EmbeddingException failed(IOException x) {
        return new EmbeddingException("The index " + where + " failed: " + x.getMessage(), x);
    }

    private static IndexState read(Iterable<Map.Entry<String, String>> data) {
        Map<String, String> values = new HashMap<>();
        if (data != null) {
            data.forEach(e -> values.put(e.getKey(), e.getValue()));
        }
        String model = values.get(MODEL);
        if (model == null) {
            return null;
        }
        String last = values.get(LAST_ID);
        String at = values.get(UPDATED_AT);
        return last == null || at == null ? IndexState.start(model) : new IndexState(model, Instant.parse(at), last);
    }

    /** The vector at length one, or null for a zero vector. */
    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += (double) x * x;
        }
        if (norm == 0) {
            return null;
        }
        float[] out = v.clone();
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < out.length; i++) {
            out[i] *= inv;
        }
        return out;
    }
}
