package io.quarry.sql;

import io.quarry.filter.FieldPath;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Cursor;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectOrder;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import io.quarry.store.SortKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What both layouts do the same way: pages, counts, id batches and the aggregations counted in SQL. */
final class Rows {
    /** The alias of the table a statement reads objects from. */
    static final String O = "o";

    /** The sort an aggregation reads its objects in, so a truncated one keeps the same objects everywhere. */
    static final List<SortKey> BY_ID = List.of(new SortKey(FieldPath.systemField("id"), false));

    /** How many ids one statement binds at most. */
    static final int BATCH = 500;

    /** How many rows an aggregation's scan fetches at a time. */
    static final int FETCH = 1_000;

    private Rows() {}

    /** A page of up to {@code limit + 1} rows in the query's order: the first {@code limit}, with their cursors. */
    static Page page(ObjectQuery query, List<GraphObject> rows, long total) {
        return page(query, rows, total, true);
    }

    /** As {@link #page(ObjectQuery, List, long)}, with a total that may be a lower bound. */
    static Page page(ObjectQuery query, List<GraphObject> rows, long total, boolean totalExact) {
        boolean hasMore = rows.size() > query.limit();
        List<GraphObject> items = hasMore ? rows.subList(0, query.limit()) : rows;
        List<String> cursors = new ArrayList<>();
        String fingerprint = query.fingerprint();
        for (GraphObject o : items) {
            cursors.add(new Cursor(ObjectOrder.keyValues(query.sort(), o.document()), o.id()).encode(fingerprint));
        }
        return new Page(List.copyOf(items), hasMore, cursors, total, totalExact);
    }

    /** Runs a {@code SELECT COUNT(*)} statement. */
    static long count(StorageLayout.Session session, Dialect dialect, Connection c, Sql sql) throws SQLException {
        try (PreparedStatement ps = session.prepare(c, sql);
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            long n = rs.getLong(1);
            dialect.session().checkWarnings(ps);
            return n;
        }
    }

    /** The ids in batches of at most {@value #BATCH}. */
    static List<List<String>> batches(List<String> ids) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < ids.size(); i += BATCH) {
            out.add(ids.subList(i, Math.min(ids.size(), i + BATCH)));
        }
        return out;
    }

    /** Writes {@code column IN (?, ?, …)}. */
    static void inList(SqlWriter w, String column, List<String> values) {
        w.append(column).append(" IN (");
        for (int i = 0; i < values.size(); i++) {
            w.append(i == 0 ? "" : ", ").bind(values.get(i));
        }
        w.append(")");
    }

    /** The objects an aggregation reads, as a query: its types, filter and scope. */
    static ObjectQuery objects(AggregateQuery query) {
        return ObjectQuery.builder()
                .types(query.types())
                .filter(query.filter())
                .scope(query.scope())
                .build();
    }
}
