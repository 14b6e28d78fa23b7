package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import io.quarry.internal.CodePoints;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The ids of the table layout (docs/sql.md "Ids on the table layout"): how a row's key becomes an id,
 * how an id from the model becomes a key bound with its columns' types, and the one order of ids.
 *
 * <p>An id is {@code Type:key} (a {@link TableLayout.Key#qualified() qualified} type, the default) or
 * the bare key. A key of several columns writes its components joined by {@code ,}, each with
 * {@code %} written {@code %25} and {@code ,} written {@code %2C}: {@code OrderLine:10,3}. Each
 * component is written canonically: integers and decimals without leading zeros or trailing
 * fractional zeros, uuids in lower case. Text that cannot be such a key (a wrong-typed, non-canonical,
 * over-long or, where the database cannot store NUL, NUL-holding component) is no key of the type, so
 * it matches nothing; this is decided here, before any statement.
 *
 * <p>The order of ids: by key, component by component (numbers before text, numbers numerically,
 * text and uuids by code point, a shorter key before a longer one it begins), then by type name (a
 * bare key is unique across the layout's tables, so it needs no type). In SQL a type table orders by
 * its key columns, which is the same order.
 */
final class TableIds {
    /** The longest key component read from the model; a longer one is no key (text keys are rarely longer). */
    public static final int MAX_COMPONENT = 4096;

    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]{0,39})");
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]{0,39})(\\.[0-9]{0,39}[1-9])?");
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final TableLayout layout;
    private final Dialect dialect;

    /** The ids of a layout on a dialect (which decides NUL and the binding of uuids). */
    public TableIds(TableLayout layout, Dialect dialect) {
        this.layout = requireNonNull(layout, "layout");
        this.dialect = requireNonNull(dialect, "dialect");
    }

    /**
     * A key of one type table: the table and one bind value per key column.
     *
     * @param table the type table
     * @param values the values in key-column order, each of its column's Java type ({@link Long},
     *     {@link BigDecimal}, {@link String}, or what the dialect binds a uuid as)
     */
    public record Resolved(TableLayout.TypeTable table, List<Object> values) {
        /** Copies the values. */
        public Resolved {
            requireNonNull(table, "table");
            values = List.copyOf(values);
        }
    }

    /**
     * The keys an id can name: a qualified id names at most one; any other id is a bare key, tried
     * against every type (bare types and, for a key the model wrote without its type, qualified ones).
     */
    public List<Resolved> candidates(String id) {
        Optional<TableLayout.TypeTable> named = qualifiedType(id);
        if (named.isPresent()) {
            String key = id.substring(named.get().type().length() + 1);
            return parse(named.get(), key).stream().toList();
        }
        List<Resolved> out = new ArrayList<>();
        for (TableLayout.TypeTable t : layout.types()) {
            parse(t, id).ifPresent(out::add);
        }
        return out;
    }

    /** Whether an id is written with its type ({@code Type:…} for a qualified type of the layout). */
    public boolean isQualified(String id) {
        return qualifiedType(id).isPresent();
    }

    /** The key an id names in one table: its own id form (qualified or bare), or empty. */
    public Optional<Resolved> inTable(TableLayout.TypeTable table, String id) {
        return inTable(dialect, table, id);
    }

    /** The key an id names in one table on a dialect: its own id form (qualified or bare), or empty. */
    public static Optional<Resolved> inTable(Dialect dialect, TableLayout.TypeTable table, String id) {
        if (!table.key().qualified()) {
            return parse(dialect, table, id);
        }
        String prefix = table.type() + ":";
        return id.startsWith(prefix) ? parse(dialect, table, id.substring(prefix.length())) : Optional.empty();
    }

    private Optional<TableLayout.TypeTable> qualifiedType(String id) {
        int colon = id.indexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        String type = id.substring(0, colon);
        return layout.table(type).filter(t -> t.key().qualified());
    }

    /** The key text (components joined, escaped) as a key of this table, or empty when it cannot be one. */
    public Optional<Resolved> parse(TableLayout.TypeTable table, String key) {
        return parse(dialect, table, key);
    }

    private static Optional<Resolved> parse(Dialect dialect, TableLayout.TypeTable table, String key) {
        List<String> components = split(key);
        List<TableLayout.KeyType> types = table.key().types();
        if (components == null || components.size() != types.size()) {
            return Optional.empty();
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            Object v = value(dialect, types.get(i), components.get(i));
            if (v == null) {
                return Optional.empty();
            }
            values.add(v);
        }
        return Optional.of(new Resolved(table, values));
    }

    /** One component as a bind value of its column's type, or {@code null} when it cannot be one. */
    private static Object value(Dialect dialect, TableLayout.KeyType type, String text) {
        if (text.length() > MAX_COMPONENT) {
            return null;
        }
        return switch (type) {
            case TEXT, AS_TEXT -> NulText.unstorable(dialect, text) ? null : text;
            case DATE -> day(text).map(dialect::date).orElse(null);
            case INTEGER -> {
                if (!INTEGER.matcher(text).matches() || text.equals("-0")) {
                    yield null;
                }
                BigInteger n = new BigInteger(text);
                yield n.bitLength() < 64 ? (Object) n.longValueExact() : new BigDecimal(n);
            }
            case NUMBER -> NUMBER.matcher(text).matches() && !text.equals("-0") ? new BigDecimal(text) : null;
            case UUID -> UUID_TEXT.matcher(text).matches() ? dialect.uuid(java.util.UUID.fromString(text)) : null;
        };
    }

    /** A day written canonically ({@code YYYY-MM-DD}), or empty. */
    private static Optional<java.time.LocalDate> day(String text) {
        if (!DAY.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(java.time.LocalDate.parse(text));
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static final Pattern DAY = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

    /** The components of a key text, unescaped; {@code null} for a malformed escape. */
    private static List<String> split(String key) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char ch = key.charAt(i);
            if (ch == ',') {
                out.add(current.toString());
                current.setLength(0);
            } else if (ch == '%') {
                String escape = i + 3 <= key.length() ? key.substring(i, i + 3) : "";
                if (escape.equalsIgnoreCase("%25")) {
                    current.append('%');
                } else if (escape.equalsIgnoreCase("%2C")) {
                    current.append(',');
                } else {
                    return null;
                }
                i += 2;
            } else {
                current.append(ch);
            }
        }
        out.add(current.toString());
        return out;
    }

    /** The id of a row: its key columns read from {@code first} on, each canonical, in the table's id form. */
    public String read(ResultSet rs, int first, TableLayout.TypeTable table) throws SQLException {
        List<String> components = new ArrayList<>();
        for (int i = 0; i < table.key().columns().size(); i++) {
            String v = rs.getString(first + i);
            if (v == null) {
                return null;
            }
            components.add(canonical(table.key().types().get(i), v));
        }
        return id(table, components);
    }

    /** The id of the object of {@code table} whose key components (canonical text) are given. */
    public static String id(TableLayout.TypeTable table, List<String> components) {
        StringBuilder out = new StringBuilder();
        if (table.key().qualified()) {
            out.append(table.type()).append(':');
        }
        for (int i = 0; i < components.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(components.get(i).replace("%", "%25").replace(",", "%2C"));
        }
        return out.toString();
    }

    /** A key column's value as the database gives it (text), in the canonical form ids use. */
    private static String canonical(TableLayout.KeyType type, String value) {
        return switch (type) {
            case TEXT, AS_TEXT -> value;
            case DATE ->
                value.length() > 10 && DAY.matcher(value.substring(0, 10)).matches()
                        ? value.substring(0, 10) // a driver's date with a time of midnight
                        : value;
            case INTEGER, NUMBER -> {
                BigDecimal n;
                try {
                    n = new BigDecimal(value.trim()).stripTrailingZeros();
                } catch (NumberFormatException e) {
                    yield value; // SQLite keeps a text that reads as no number in a number column as written
                }
                yield n.signum() == 0 ? "0" : n.toPlainString();
            }
            case UUID -> value.trim().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /**
     * The position of an id in the order of ids: its key components (a number as {@link BigDecimal},
     * text as {@link String}) and its type, or {@code null} for a bare id (whose key is unique across
     * the layout's tables, so no other type's row shares it).
     */
    public record Position(List<Object> components, String type) {}

    /** The position of an id: as its qualified type reads it, else as the first bare type whose key it can be. */
    public Position position(String id) {
        List<Resolved> found = candidates(id);
        boolean qualified = isQualified(id);
        Optional<Resolved> r = qualified
                ? found.stream().findFirst()
                : found.stream().filter(x -> !x.table().key().qualified()).findFirst();
        if (r.isEmpty()) {
            return new Position(List.of(id), null);
        }
        List<Object> components = new ArrayList<>();
        List<TableLayout.KeyType> types = r.get().table().key().types();
        for (int i = 0; i < types.size(); i++) {
            Object v = r.get().values().get(i);
            components.add(
                    switch (types.get(i)) {
                        case INTEGER, NUMBER -> v instanceof BigDecimal d ? d : new BigDecimal(v.toString());
                        case TEXT, AS_TEXT -> v;
                        case DATE -> v.toString();
                        case UUID -> v.toString().toLowerCase(java.util.Locale.ROOT);
                    });
        }
        return new Position(components, qualified ? r.get().table().type() : null);
    }

    /** The order of ids (see the class comment). */
    public Comparator<String> order() {
        return (a, b) -> compare(position(a), position(b));
    }

    /** Compares two positions: key components, then type name. */
    public static int compare(Position a, Position b) {
        int n = Math.min(a.components().size(), b.components().size());
        for (int i = 0; i < n; i++) {
            int c = compareComponent(a.components().get(i), b.components().get(i));
            if (c != 0) {
                return c;
            }
        }
        int c = Integer.compare(a.components().size(), b.components().size());
        return c != 0 || a.type() == null || b.type() == null ? c : CodePoints.compare(a.type(), b.type());
    }

    private static int compareComponent(Object a, Object b) {
        boolean numberA = a instanceof BigDecimal;
        boolean numberB = b instanceof BigDecimal;
        if (numberA != numberB) {
            return numberA ? -1 : 1;
        }
        return numberA ? ((BigDecimal) a).compareTo((BigDecimal) b) : CodePoints.compare((String) a, (String) b);
    }

    /** {@code (a.k1 = ? AND a.k2 = ?)} over these columns (a key or a foreign key) for a resolved key. */
    public void equals(SqlWriter w, String alias, List<String> columns, Resolved key) {
        equals(dialect, w, alias, columns, key);
    }

    /** {@link #equals(SqlWriter, String, List, Resolved)} on a dialect. */
    static void equals(Dialect dialect, SqlWriter w, String alias, List<String> columns, Resolved key) {
        w.append("(");
        List<TableLayout.KeyType> types = key.table().key().types();
        for (int i = 0; i < columns.size(); i++) {
            String column = dialect.quoteIdentifier(alias) + "." + dialect.quoteIdentifier(columns.get(i));
            w.append(i == 0 ? "" : " AND ")
                    .append(types.get(i) == TableLayout.KeyType.AS_TEXT ? dialect.asText(column) : column)
                    .append(" = ")
                    .bind(key.values().get(i));
        }
        w.append(")");
    }

    /** The ORDER BY list of a type table's key columns in the order of ids, or its reverse. */
    public void orderBy(SqlWriter w, String alias, TableLayout.TypeTable table, boolean descending) {
        List<String> columns = table.key().columns();
        for (int i = 0; i < columns.size(); i++) {
            w.append(i == 0 ? "" : ", ");
            sortExpression(w, alias, table, i);
            w.append(descending ? " DESC" : " ASC");
        }
    }

    private void sortExpression(SqlWriter w, String alias, TableLayout.TypeTable table, int i) {
        String column = col(alias, table.key().columns().get(i));
        switch (table.key().types().get(i)) {
            case TEXT -> dialect.textColumnSortKey(w, column);
            case AS_TEXT -> dialect.textColumnSortKey(w, dialect.asText(column));
            case DATE -> w.append(dialect.dateColumn(column)); // ISO days: the order of days is the order of their text
            case INTEGER, NUMBER, UUID -> w.append(column);
        }
    }

    /**
     * The rows of a type table whose id is after {@code cursor} in the order of ids: key components
     * compared in SQL where the cursor's component is of the column's kind, decided here where it is
     * not, and the type name last.
     */
    public void after(SqlWriter w, String alias, TableLayout.TypeTable table, Position cursor, boolean descending) {
        String greater = descending ? " < " : " > ";
        String yes = "1 = 1";
        String no = "1 = 0";
        List<TableLayout.KeyType> types = table.key().types();
        int n = Math.min(types.size(), cursor.components().size());
        int open = 0;
        w.append("(");
        String tail = null;
        for (int i = 0; i < n && tail == null; i++) {
            boolean numberColumn =
                    types.get(i) == TableLayout.KeyType.INTEGER || types.get(i) == TableLayout.KeyType.NUMBER;
            Object c = cursor.components().get(i);
            if (numberColumn != c instanceof BigDecimal) {
                tail = numberColumn != descending ? no : yes; // numbers before text
                break;
            }
            Object bind =
                    switch (types.get(i)) {
                        case TEXT, AS_TEXT ->
                            NulText.unstorable(dialect, c) ? null : dialect.textColumnSortValue((String) c);
                        case DATE -> day((String) c).map(dialect::date).orElse(null);
                        case INTEGER, NUMBER -> c;
                        case UUID ->
                            UUID_TEXT.matcher((String) c).matches() ? dialect.uuid(UUID.fromString((String) c)) : null;
                    };
            if (bind == null) {
                // no row holds it; a NUL text compares as the text before the NUL, a non-uuid as text
                String before = c instanceof String s && s.indexOf('\0') >= 0 ? s.substring(0, s.indexOf('\0')) : null;
                if ((types.get(i) == TableLayout.KeyType.TEXT || types.get(i) == TableLayout.KeyType.AS_TEXT)
                        && before != null) {
                    w.append("(");
                    sortExpression(w, alias, table, i);
                    w.append(greater)
                            .bind(dialect.textColumnSortValue(descending ? before + "\u0001" : before))
                            .append(" OR (");
                    open += 2;
                    tail = no;
                } else {
                    tail = descending ? yes : no; // a uuid column holds no other text; compare as text
                }
                break;
            }
            w.append("(");
            sortExpression(w, alias, table, i);
            w.append(greater).bind(bind).append(" OR (");
            sortExpression(w, alias, table, i);
            w.append(" = ").bind(bind).append(" AND ");
            open += 2;
        }
        if (tail == null) {
            int c = Integer.compare(types.size(), cursor.components().size());
            if (c == 0 && cursor.type() != null) {
                c = CodePoints.compare(table.type(), cursor.type());
            }
            tail = (descending ? c < 0 : c > 0) ? yes : no;
        }
        w.append(tail).append(")".repeat(open)).append(")");
    }

    private String col(String alias, String column) {
        return dialect.quoteIdentifier(alias) + "." + dialect.quoteIdentifier(column);
    }
}
