package io.quarry.sql;

/**
 * Told of each statement a {@link JdbcObjectStore} runs (each read of a tool: searches, counts,
 * aggregations, objects, graphs, guarded SQL; the layout's DDL; each statement of a load), so a host
 * can time it or open a span around it ({@code JdbcObjectStore.Builder.statementObserver}).
 *
 * <p>{@link #started} is called on the thread that runs the statement, just before it runs; the
 * {@link Run} it returns is ended on the same thread when the statement is closed (its rows read, or
 * all the batches of a load's insert run) or when running it fails. The statement text holds a {@code
 * ?} for every value: the values bound to it (the model's arguments, the scope, a load's rows) are
 * never given to the observer. Reading the database's catalog (introspection) is not observed.
 *
 * <p>An observer must be quick and must not throw: it runs inside the call.
 */
@FunctionalInterface
public interface StatementObserver {
    /**
     * A statement is about to run.
     *
     * @param dialect the {@linkplain io.quarry.sql.Dialect#name() dialect's name}, such as
     *     {@code postgres}
     * @param operation what the store is doing: {@code search} (the page and its count), {@code get},
     *     {@code relationships}, {@code count_by_type}, {@code aggregate}, {@code graph}, {@code
     *     neighbourhood}, {@code sql} (a guarded SQL statement), {@code ddl} (creating the layout or
     *     the helper functions: the text is the DDL, which holds no value) or {@code load} (a load's
     *     check for existing ids and its batched inserts, in the load's transaction)
     * @param sql the statement's text, with {@code ?} for each bound value
     * @return what is told when the statement ends
     */
    Run started(String dialect, String operation, String sql);

    /** One statement, running. */
    @FunctionalInterface
    interface Run {
        /**
         * The statement ended.
         *
         * @param failure what running it threw, or {@code null} when it succeeded
         */
        void ended(Throwable failure);
    }
}
