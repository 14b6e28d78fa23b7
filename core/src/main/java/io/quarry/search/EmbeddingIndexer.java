package io.quarry.search;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterValidator;
import io.quarry.filter.Predicate;
import io.quarry.filter.ValidatedFilter;
import io.quarry.filter.Value;
import io.quarry.internal.IsoDateTime;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Embeds the objects of a store into a {@link VectorIndex}: what {@code quarry embed} runs, and what a
 * host calls from Java after loading data or on a schedule.
 *
 * <pre>{@code
 * EmbeddingIndexer.Report report = EmbeddingIndexer.builder()
 *         .store(store).embedder(embedder).index(index)
 *         .text(EmbeddedText.defaults(schema))
 *         .progress(done -> System.out.print("\r" + done))
 *         .build()
 *         .run();
 * }</pre>
 *
 * <p>A run is incremental: it reads every type's objects in the order of {@code updated_at} then id,
 * from where the last run stopped ({@link IndexState}, stored in the index after every batch, so an
 * interrupted run resumes), embeds their chunks ({@link EmbeddedText}) and replaces the object's
 * entries. An object changed at the very {@code updated_at} the last run stopped at is embedded again.
 * Objects of types without {@code updated_at} are embedded by the first run and by {@link #rebuild()}.
 * When the index's state names another model, every object is embedded again. When the index can list
 * its objects ({@link VectorIndex#objectIds()}), the entries of objects no longer in the store are
 * deleted at the end of the run (one more read of every object's id; {@link Builder#sweepDeleted}).
 *
 * <p>The indexer reads the store without scope: the index holds every tenant's vectors, and every tool
 * reads each candidate through the caller's scope before showing it.
 */
public final class EmbeddingIndexer {
    private static final FieldPath UPDATED_AT = FieldPath.systemField("updated_at");
    private static final FieldPath ID = FieldPath.systemField("id");

    private final ObjectStore store;
    private final Embedder embedder;
    private final VectorIndex index;
    private final EmbeddedText text;
    private final int batchSize;
    private final LongConsumer progress;
    private final boolean sweepDeleted;

    /**
     * What a run did.
     *
     * @param objects objects read and embedded (an object without text has its entries deleted)
     * @param chunks chunks embedded
     * @param deleted objects whose entries were deleted because they are gone from the store
     * @param indexSize entries in the index after the run
     * @param elapsed how long the run took
     * @param reembedded whether every object was embedded again because the model changed
     */
    public record Report(
            long objects, long chunks, long deleted, long indexSize, Duration elapsed, boolean reembedded) {
        /** Objects embedded per second. */
        public double objectsPerSecond() {
            double seconds = elapsed.toNanos() / 1e9;
            return seconds <= 0 ? 0 : objects / seconds;
        }

        /** Chunks embedded per second. */
        public double chunksPerSecond() {
            double seconds = elapsed.toNanos() / 1e9;
            return seconds <= 0 ? 0 : chunks / seconds;
        }
    }

    private EmbeddingIndexer(Builder b) {
        this.store = b.store;
        this.embedder = b.embedder;
        this.index = b.index;
        this.text = b.text;
        this.batchSize = b.batchSize;
        this.progress = b.progress;
        this.sweepDeleted = b.sweepDeleted;
    }

    /** A builder: store, embedder and index are required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Embeds the objects new or changed since the last run (every object on the first run, or when the
     * model changed), then deletes the entries of objects that are gone.
     *
     * @throws EmbeddingException when the embedder fails; the state reached so far is kept, so the next
     *     run resumes there
     */
    public Report run() {
        return run(false);
    }

    /** Embeds every object again, whatever the state, then deletes the entries of objects that are gone. */
    public Report rebuild() {
        return run(true);
    }

    private Report run(boolean all) {
        long started = System.nanoTime();
        String model = embedder.model();
        Optional<IndexState> previous = index.state();
        boolean reembed = previous.isPresent() && !previous.get().model().equals(model);
        IndexState state = all || previous.isEmpty() || reembed ? IndexState.start(model) : previous.get();
        index.state(state);
        List<String> types = types();
        long objects = 0;
        long chunks = 0;
        if (!types.isEmpty()) {
            ValidatedFilter after = after(state);
            String cursor = null;
            while (true) {
                Page page = store.search(ObjectQuery.builder()
                        .types(types)
                        .filter(after)
                        .sort(List.of(new SortKey(UPDATED_AT, false), new SortKey(ID, false)))
                        .limit(batchSize)
                        .cursor(cursor)
                        .scope(Scope.unrestricted())
                        .build());
                List<GraphObject> batch = new ArrayList<>();
                for (GraphObject o : page.items()) {
                    boolean seen = state.lastId() != null
                            && o.id().equals(state.lastId())
                            && state.updatedAt().equals(o.updatedAt());
                    if (!seen) {
                        batch.add(o);
                    }
                }
                chunks += embed(batch);
                objects += batch.size();
                for (GraphObject o : page.items()) {
                    if (o.updatedAt() != null) {
                        state = new IndexState(model, o.updatedAt(), o.id());
                    }
                }
                index.state(state);
                progress.accept(objects);
                if (!page.hasMore()) {
                    break;
                }
                cursor = page.nextCursor();
            }
        }
        long deleted = sweepDeleted ? sweep(types) : 0;
        return new Report(
                objects, chunks, deleted, index.size(), Duration.ofNanos(System.nanoTime() - started), reembed);
    }

    /** Embeds a batch's chunks in one call and replaces the objects' entries; the number of chunks. */
    private int embed(List<GraphObject> batch) {
        if (batch.isEmpty()) {
            return 0;
        }
        List<String> texts = new ArrayList<>();
        List<GraphObject> owners = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (GraphObject o : batch) {
            List<String> chunks = text.chunks(o);
            for (int i = 0; i < chunks.size(); i++) {
                texts.add(chunks.get(i));
                owners.add(o);
                numbers.add(i);
            }
        }
        List<float[]> vectors = texts.isEmpty() ? List.of() : embedder.embed(texts);
        if (vectors.size() != texts.size()) {
            throw new EmbeddingException("The embedder " + embedder.model() + " returned " + vectors.size()
                    + " vectors for " + texts.size() + " texts.");
        }
        List<VectorEntry> entries = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            GraphObject o = owners.get(i);
            entries.add(new VectorEntry(
                    o.id() + "#" + numbers.get(i), o.id(), o.type(), vectors.get(i), o.scope(), texts.get(i)));
        }
        index.delete(batch.stream().map(GraphObject::id).toList());
        index.upsert(entries);
        return entries.size();
    }

    /** Deletes the entries of objects the store no longer holds; how many objects. */
    private long sweep(List<String> types) {
        Optional<Set<String>> indexed = index.objectIds();
        if (indexed.isEmpty() || indexed.get().isEmpty()) {
            return 0;
        }
        Set<String> gone = new HashSet<>(indexed.get());
        if (!types.isEmpty()) {
            String cursor = null;
            while (!gone.isEmpty()) {
                Page page = store.search(ObjectQuery.builder()
                        .types(types)
                        .sort(List.of(new SortKey(ID, false)))
                        .limit(1_000)
                        .cursor(cursor)
                        .scope(Scope.unrestricted())
                        .build());
                page.items().forEach(o -> gone.remove(o.id()));
                if (!page.hasMore()) {
                    break;
                }
                cursor = page.nextCursor();
            }
        }
        if (!gone.isEmpty()) {
            index.delete(gone);
        }
        return gone.size();
    }

    /** The schema's types, or every type the store holds when the schema declares none. */
    private List<String> types() {
        Schema schema = text.schema();
        if (!schema.isEmpty()) {
            return schema.typeNames();
        }
        return List.copyOf(
                new java.util.TreeSet<>(store.countByType(Scope.unrestricted()).keySet()));
    }

    /** Objects at or after the state's {@code updated_at}; every object before the first. */
    private ValidatedFilter after(IndexState state) {
        if (state.updatedAt() == null) {
            return ValidatedFilter.matchAll();
        }
        Filter filter = new Filter.Condition(
                UPDATED_AT,
                new Predicate.Compare(CompareOp.GTE, new Value.Str(IsoDateTime.format(state.updatedAt()))),
                "updated_at");
        return new FilterValidator(text.schema()).validate(filter, null);
    }

    /** Builds an {@link EmbeddingIndexer}. */
    public static final class Builder {
        private ObjectStore store;
        private Embedder embedder;
        private VectorIndex index;
        private EmbeddedText text;
        private int batchSize = 64;
        private LongConsumer progress = done -> {};
        private boolean sweepDeleted = true;

        private Builder() {}

        /** The store objects are read from, without scope. */
        public Builder store(ObjectStore store) {
            this.store = requireNonNull(store, "store");
            return this;
        }

        /** The model. */
        public Builder embedder(Embedder embedder) {
            this.embedder = requireNonNull(embedder, "embedder");
            return this;
        }

        /** Where the vectors and the state go. */
        public Builder index(VectorIndex index) {
            this.index = requireNonNull(index, "index");
            return this;
        }

        /**
         * What text of each type is embedded; the default is {@link EmbeddedText#defaults} of an empty
         * schema: every string property of every type the store holds that is not an id.
         */
        public Builder text(EmbeddedText text) {
            this.text = requireNonNull(text, "text");
            return this;
        }

        /** Objects read and embedded per batch (one embedder call, one state save); default 64. */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /** Told the number of objects embedded so far after every batch, for a progress bar. */
        public Builder progress(LongConsumer progress) {
            this.progress = requireNonNull(progress, "progress");
            return this;
        }

        /** Whether a run deletes the entries of objects gone from the store (default true). */
        public Builder sweepDeleted(boolean sweepDeleted) {
            this.sweepDeleted = sweepDeleted;
            return this;
        }

        /**
         * Builds the indexer.
         *
         * @throws IllegalStateException naming what is missing
         */
        public EmbeddingIndexer build() {
            if (store == null || embedder == null || index == null) {
                throw new IllegalStateException("EmbeddingIndexer.builder(): store, embedder and index are required");
            }
            if (text == null) {
                text = EmbeddedText.defaults(Schema.builder().build());
            }
            return new EmbeddingIndexer(this);
        }
    }
}
