package io.quarry.store;

import static java.util.Objects.requireNonNull;

import io.quarry.filter.FieldPath;
import io.quarry.filter.ValidatedFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * What a tool asks of an {@link ObjectStore}: a type, a validated filter, full-text words, a related
 * object, an order, a page size and position, and the host's scope.
 *
 * @param types the type names to search; never empty (a host's schema lists what tools may see)
 * @param filter the validated filter
 * @param text full-text words, or {@code null}; every word must match
 * @param textFields the fields full-text search reads; empty means every string property
 * @param relatedToId only objects with a relationship to or from this id, or {@code null}
 * @param relationshipType only relationships of this type, or {@code null} for any
 * @param sort the order; {@code id} ascending always breaks the remaining ties
 * @param limit the page size, at least 1
 * @param cursor where the previous page ended, or {@code null} for the first page
 * @param scope the host's scope, applied to everything the query reads
 */
public record ObjectQuery(
        List<String> types,
        ValidatedFilter filter,
        String text,
        List<FieldPath> textFields,
        String relatedToId,
        String relationshipType,
        List<SortKey> sort,
        int limit,
        String cursor,
        Scope scope) {

    /** Checks the arguments. */
    public ObjectQuery {
        types = List.copyOf(requireNonNull(types, "types"));
        if (types.isEmpty()) {
            throw new IllegalArgumentException("a query searches at least one type");
        }
        requireNonNull(filter, "filter");
        textFields = List.copyOf(requireNonNull(textFields, "textFields"));
        sort = List.copyOf(requireNonNull(sort, "sort"));
        requireNonNull(scope, "scope");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        if (relationshipType != null && relatedToId == null) {
            throw new IllegalArgumentException("relationshipType needs relatedToId");
        }
    }

    /**
     * The words of the full-text query: split on white space, quotes dropped; every word must match.
     * Empty when there is no text.
     */
    public List<String> words() {
        if (text == null || text.isBlank()) {
            return List.of();
        }
        List<String> words = new ArrayList<>();
        for (String w : text.strip().split("\\s+")) {
            String word = w.replace("\"", "");
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /** A builder; defaults: no filter, newest first, limit 20, unrestricted scope; types are required. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * What identifies the result set and its order, so a cursor from one query is refused by another;
     * the limit is not part of it, so a model may change page size between pages.
     */
    public String fingerprint() {
        return String.join(
                "\u0001",
                types.toString(),
                filter.filter().toString(),
                String.valueOf(text),
                textFields.toString(),
                String.valueOf(relatedToId),
                String.valueOf(relationshipType),
                sort.toString());
    }

    /** Builds an {@link ObjectQuery}. */
    public static final class Builder {
        private final List<String> types = new ArrayList<>();
        private ValidatedFilter filter = ValidatedFilter.matchAll();
        private String text;
        private final List<FieldPath> textFields = new ArrayList<>();
        private String relatedToId;
        private String relationshipType;
        private final List<SortKey> sort = new ArrayList<>(List.of(SortKey.NEWEST_FIRST));
        private int limit = 20;
        private String cursor;
        private Scope scope = Scope.unrestricted();

        private Builder() {}

        /** Only objects of this type. */
        public Builder type(String type) {
            return types(List.of(type));
        }

        /** Only objects of these types. */
        public Builder types(List<String> types) {
            this.types.clear();
            this.types.addAll(types);
            return this;
        }

        /** The validated filter. */
        public Builder filter(ValidatedFilter filter) {
            this.filter = requireNonNull(filter, "filter");
            return this;
        }

        /** Full-text words, over these fields (none: every string property). */
        public Builder text(String text, List<FieldPath> fields) {
            this.text = text;
            this.textFields.clear();
            this.textFields.addAll(fields);
            return this;
        }

        /** Only objects related to this id, by a relationship of this type ({@code null}: any). */
        public Builder relatedTo(String id, String relationshipType) {
            this.relatedToId = id;
            this.relationshipType = relationshipType;
            return this;
        }

        /** The order; an empty list means newest first. */
        public Builder sort(List<SortKey> sort) {
            this.sort.clear();
            this.sort.addAll(sort.isEmpty() ? List.of(SortKey.NEWEST_FIRST) : sort);
            return this;
        }

        /** The page size. */
        public Builder limit(int limit) {
            this.limit = limit;
            return this;
        }

        /** Continue after this cursor. */
        public Builder cursor(String cursor) {
            this.cursor = cursor;
            return this;
        }

        /** The host's scope. */
        public Builder scope(Scope scope) {
            this.scope = requireNonNull(scope, "scope");
            return this;
        }

        /** Builds the query. */
        public ObjectQuery build() {
            return new ObjectQuery(
                    types, filter, text, textFields, relatedToId, relationshipType, sort, limit, cursor, scope);
        }
    }
}
