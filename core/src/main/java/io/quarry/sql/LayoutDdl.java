package io.quarry.sql;

import io.quarry.schema.Schema;
import java.util.List;

/**
 * The statements that create what a dialect's SQL reads, {@link Dialect#ddl()}: the graph layout's
 * tables and indexes, the helper functions its SQL calls, and the indexes it advises for the fields a
 * schema declares. Every statement is idempotent ({@code IF NOT EXISTS}, {@code CREATE OR REPLACE}),
 * and every index is on exactly the expression the dialect writes, so the planner can match it.
 *
 * <p>A new database writes {@link #createGraphLayout} and {@link #createHelperFunctions}; index
 * advice is optional and defaults to none.
 */
public interface LayoutDdl {

    /**
     * The statements that create the graph layout's tables, indexes and {@linkplain
     * #createHelperFunctions helper functions}; idempotent.
     */
    List<String> createGraphLayout(StoreMapping mapping);

    /**
     * The statements that create the helper functions this dialect's SQL calls (H2's {@code CREATE
     * ALIAS}, PostgreSQL's and MariaDB's guarded casts); idempotent. Empty when the dialect registers
     * its functions on each connection instead. The graph layout includes them; for a layout of the
     * host's own tables they are all there is to create.
     */
    List<String> createHelperFunctions();

    /**
     * The indexes the fields a schema declares need in the graph layout, beyond the layout's own
     * ({@link #createGraphLayout}): idempotent, named {@code CREATE INDEX IF NOT EXISTS} statements on
     * exactly the expressions this dialect writes, so the planner can match them. Default: none.
     */
    default List<String> schemaIndexes(StoreMapping mapping, Schema schema) {
        return List.of();
    }

    /**
     * The statements that create the recommended expression indexes for one hot field of the graph
     * layout, beyond the layout's own: the expressions are exactly those the dialect writes, so the
     * planner can match them. Idempotent. Default: none (PostgreSQL has them; see docs/sql.md).
     *
     * @param mapping the layout
     * @param field a property path, dot-separated ({@code priority}, {@code budget.amount})
     * @param kind how the field is compared
     */
    default List<String> fieldIndexes(StoreMapping mapping, String field, FieldKind kind) {
        return List.of();
    }

    /** What a hot field is compared as, for {@link #fieldIndexes}. */
    enum FieldKind {
        /**
         * Numbers: {@code $gt}…, {@code $eq}, {@code $in} with numbers. On PostgreSQL a btree on the
         * inlined {@code quarry_num_key} (the scalar arm), and a btree on the JSON type (the array arm).
         */
        NUMBER,
        /**
         * Date-times: {@code $gt}… with an ISO-8601 operand. On PostgreSQL a btree on the inlined
         * {@code quarry_instant_key}, and a btree on the JSON type (the array arm).
         */
        DATE,
        /**
         * Text: {@code $contains}, {@code $startsWith}, {@code $endsWith}, {@code $regex}. On PostgreSQL
         * a trigram GIN on the string (needs the {@code pg_trgm} extension) and a btree on its JSON
         * type, so that the array arm of any-element matching is indexed too.
         */
        TEXT
    }
}
