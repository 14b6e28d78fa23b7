package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.quarry.internal.IsoDateTime;
import io.quarry.store.ObjectOrder;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Writes a sort as ORDER BY and a cursor as the keyset condition after it. Each sort key becomes
 * parts in {@link ObjectOrder}'s order: a JSON value's bracket and then its value per bracket, a
 * typed column's bracket and value, or nothing for a value the same on every row of a table.
 */
final class SortWriter {
    private final Dialect dialect;

    SortWriter(Dialect dialect) {
        this.dialect = dialect;
    }

    /** One ORDER BY expression of a sort key and how a cursor value maps to its bind. */
    record OrderPart(
            Consumer<SqlWriter> expression,
            Function<JsonNode, Object> cursorValue,
            boolean reversible,
            JsonNode constant) {
        OrderPart(Consumer<SqlWriter> expression, Function<JsonNode, Object> cursorValue, boolean reversible) {
            this(expression, cursorValue, reversible, null);
        }
    }

    /** Writes the ORDER BY list with the relation's id column, ascending, last. */
    void orderBy(SqlWriter w, List<SortKey> sort, FieldReads reads) {
        orderBy(w, sort, reads, x -> x.append(reads.idColumn()).append(" ASC"));
    }

    /** Writes the ORDER BY list with {@code tie} (the id order) last. */
    void orderBy(SqlWriter w, List<SortKey> sort, FieldReads reads, Consumer<SqlWriter> tie) {
        for (SortKey key : sort) {
            for (OrderPart part : reads.order(key, this)) {
                if (part.constant() != null) {
                    continue; // the same for every row of the table
                }
                part.expression().accept(w);
                w.append(part.reversible() && key.descending() ? " DESC, " : " ASC, ");
            }
        }
        tie.accept(w);
    }

    /**
     * Writes the keyset condition: rows strictly after the cursor row in the sort order. Each part
     * contributes (greater, equal) conditions; the relation's id column breaks the final tie.
     */
    void after(SqlWriter w, List<SortKey> sort, List<JsonNode> keyValues, String id, FieldReads reads) {
        after(w, sort, keyValues, reads, x -> x.append(reads.idColumn())
                .append(" > ")
                .bind(NulText.unstorable(dialect, id) ? NulText.beforeNul(id) : id));
    }

    /** Writes the keyset condition with {@code idAfter} (rows after the cursor's id) breaking the final tie. */
    void after(
            SqlWriter w, List<SortKey> sort, List<JsonNode> keyValues, FieldReads reads, Consumer<SqlWriter> idAfter) {
        List<OrderPart> parts = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        List<Boolean> descending = new ArrayList<>();
        for (int i = 0; i < sort.size(); i++) {
            SortKey key = sort.get(i);
            JsonNode value = keyValues.get(i);
            for (OrderPart part : reads.order(key, this)) {
                parts.add(part);
                values.add(part.cursorValue().apply(value));
                descending.add(part.reversible() && key.descending());
            }
        }
        w.append("(");
        int open = 0;
        for (int i = 0; i < parts.size(); i++) {
            OrderPart part = parts.get(i);
            Object value = values.get(i);
            if (part.constant() != null) {
                // decided here: the key's value is the same for every row of the table
                int c = (Integer) value;
                w.append(c > 0 ? "(1 = 1 OR (1 = 0 AND " : c < 0 ? "(1 = 0 OR (1 = 0 AND " : "(1 = 0 OR (1 = 1 AND ");
                open += 2;
                continue;
            }
            w.append("(");
            part.expression().accept(w);
            if (value == null) {
                // a part that does not apply to the cursor row is NULL for every row of its bracket
                w.append(" IS NULL AND ");
                open += 1;
            } else if (NulText.unstorable(dialect, value)) {
                // no row equals it; after "a\0b" is after "a", before it is before "a" + U+0001
                String before = NulText.beforeNul((String) value);
                w.append(descending.get(i) ? " < " : " > ")
                        .bind(descending.get(i) ? before + "\u0001" : before)
                        .append(" OR (")
                        .never()
                        .append(" AND ");
                open += 2;
            } else {
                w.append(descending.get(i) ? " < " : " > ").bind(value).append(" OR (");
                part.expression().accept(w);
                w.append(" = ").bind(value).append(" AND ");
                open += 2;
            }
        }
        idAfter.accept(w);
        w.append(")".repeat(open)).append(")");
    }

    /** A text column's one part ({@code id}, {@code type}): the dialect's text order. */
    List<OrderPart> textParts(String col) {
        return List.of(new OrderPart(
                w -> dialect.textColumnSortKey(w, col),
                v -> v == null ? null : dialect.textColumnSortValue(v.textValue()),
                true));
    }

    /** A timestamp column that every row has ({@code created_at}, {@code updated_at} of the graph layout). */
    List<OrderPart> timestampParts(String col) {
        return List.of(new OrderPart(w -> w.append(col), v -> v == null ? null : timestamp(v), true));
    }

    /** The five parts of a JSON sort key at {@code segments} of {@code document}. */
    List<OrderPart> jsonParts(String document, List<String> segments) {
        List<OrderPart> parts = new ArrayList<>();
        parts.add(new OrderPart(
                w -> dialect.sortKey(w, document, segments, SortPart.BRACKET),
                v -> v == null ? 5 : ObjectOrder.bracket(v),
                false));
        for (SortPart part : List.of(SortPart.NUMBER, SortPart.INSTANT, SortPart.STRING, SortPart.BOOLEAN)) {
            parts.add(new OrderPart(
                    w -> dialect.sortKey(w, document, segments, part),
                    v -> v == null ? null : dialect.sortValue(part, v),
                    true));
        }
        return parts;
    }

    /** The bind of a date-time cursor value for a timestamp column. */
    Object timestamp(JsonNode value) {
        return dialect.timestamp(IsoDateTime.parse(value.textValue()).orElseThrow());
    }

    /**
     * A column of one bracket: the bracket ({@code NULL} is missing, bracket 5), then the column itself;
     * a cursor value of another bracket binds nothing to the column part.
     */
    static List<OrderPart> scalarParts(String col, int bracket, Function<JsonNode, Object> cursorValue) {
        return List.of(
                new OrderPart(
                        w -> w.append("(CASE WHEN ").append(col).append(" IS NULL THEN 5 ELSE " + bracket + " END)"),
                        v -> v == null ? 5 : ObjectOrder.bracket(v),
                        false),
                new OrderPart(
                        w -> w.append(col),
                        v -> v == null || ObjectOrder.bracket(v) != bracket ? null : cursorValue.apply(v),
                        true));
    }

    /** A key whose value is the same for every row of a table: compared with the cursor here, not in SQL. */
    static OrderPart constantPart(SortKey key, String value) {
        JsonNode constant = value == null ? NullNode.getInstance() : TextNode.valueOf(value);
        List<JsonNode> mine = Collections.singletonList(constant.isNull() ? null : constant);
        return new OrderPart(
                w -> {},
                v -> ObjectOrder.compare(List.of(key), mine, "", Collections.singletonList(v), ""),
                true,
                constant);
    }
}
