package io.quarry.sql.introspect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects the rows of the metadata queries, in whatever order they come, and assembles the {@link
 * DatabaseModel}: keys in key order, foreign keys matched to their targets, {@code CHECK (col IN (…))}
 * lists turned into enum values.
 */
final class ModelCollector {
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();

    /** A table or view; {@code schema} may be {@code null} (SQLite). */
    void table(String schema, String name, boolean view, String comment) {
        tables.putIfAbsent(key(schema, name), new Table(schema, name, view, blankToNull(comment)));
    }

    /** A column, in table order; ignored when its table was not read. */
    void column(String schema, String table, ColumnModel column) {
        Table t = tables.get(key(schema, table));
        if (t != null) {
            t.columns.put(column.name(), column);
        }
    }

    /** One column of the primary key, at its 1-based position. */
    void primaryKey(String schema, String table, String column, int position) {
        Table t = tables.get(key(schema, table));
        if (t != null) {
            t.primaryKey.put(position, column);
        }
    }

    /** One column of a unique constraint or index, at its 1-based position. */
    void unique(String schema, String table, String constraint, String column, int position) {
        Table t = tables.get(key(schema, table));
        if (t != null) {
            t.unique.computeIfAbsent(constraint, k -> new TreeMap<>()).put(position, column);
        }
    }

    /**
     * One column pair of a foreign key, at its 1-based position; {@code targetColumn} may be {@code
     * null} when the database leaves it implicit (SQLite: the target's primary key).
     */
    void foreignKey(
            String schema,
            String table,
            String constraint,
            int position,
            String column,
            String targetSchema,
            String targetTable,
            String targetColumn) {
        Table t = tables.get(key(schema, table));
        if (t != null) {
            Fk fk = t.foreignKeys.computeIfAbsent(constraint, k -> new Fk(targetSchema, targetTable));
            fk.columns.put(position, new String[] {column, targetColumn});
        }
    }

    /** The text of a {@code CHECK} constraint; an {@code IN} list over one column becomes its enum values. */
    void check(String schema, String table, String clause) {
        Table t = tables.get(key(schema, table));
        if (t != null && clause != null) {
            t.checks.add(clause);
        }
    }

    /** A note for the reviewer: something read but not understood. */
    void warn(String warning) {
        warnings.add(warning);
    }

    /** The model of the tables {@code accept} keeps (it sees the table name), sorted by schema and name. */
    DatabaseModel build(String dialect, Predicate<TableModel> accept) {
        List<TableModel> out = new ArrayList<>();
        for (Table t : tables.values()) {
            TableModel model = t.toModel(this);
            if (accept.test(model)) {
                out.add(model);
            }
        }
        out.sort(Comparator.comparing((TableModel m) -> m.schema() == null ? "" : m.schema())
                .thenComparing(TableModel::name));
        return new DatabaseModel(dialect, out, warnings);
    }

    private static String key(String schema, String name) {
        return (schema == null ? "" : schema) + "\u0000" + name;
    }

    static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }

    // (col IN ('a', 'b')), `col` in ('a','b'), ((col)::text = ANY ((ARRAY['a'::character varying, …])::text[]))
    private static final Pattern IN_LIST = Pattern.compile(
            "^[(\\s]*[\"`\\[]?([A-Za-z_][A-Za-z0-9_]*)[\"`\\]]?\\)?(?:::[a-z ]+)?\\s*"
                    + "(?:IN\\s*\\(|=\\s*ANY\\s*\\(\\(?ARRAY\\[)(.*?)[\\])]",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("'((?:[^']|'')*)'");

    /** The column and values of a check that is exactly one {@code IN} list of string literals, or {@code null}. */
    static Map.Entry<String, List<String>> inList(String clause) {
        String text = clause.trim();
        if (text.regionMatches(true, 0, "CHECK", 0, 5)) {
            text = text.substring(5).trim();
        }
        String outsideLiterals = LITERAL.matcher(text).replaceAll("''").toUpperCase(Locale.ROOT);
        if (outsideLiterals.contains(" AND ") || outsideLiterals.contains(" OR ")) {
            return null;
        }
        Matcher m = IN_LIST.matcher(text);
        if (!m.find()) {
            return null;
        }
        List<String> values = new ArrayList<>();
        Matcher literal = LITERAL.matcher(m.group(2));
        while (literal.find()) {
            values.add(literal.group(1).replace("''", "'"));
        }
        String rest = LITERAL.matcher(m.group(2)).replaceAll("").replaceAll("::[a-z ]+", "");
        if (values.isEmpty() || !rest.replaceAll("[\\s,]", "").isEmpty()) {
            return null;
        }
        return Map.entry(m.group(1), values);
    }

    private static final class Fk {
        final String targetSchema;
        final String targetTable;
        final TreeMap<Integer, String[]> columns = new TreeMap<>();

        Fk(String targetSchema, String targetTable) {
            this.targetSchema = targetSchema;
            this.targetTable = targetTable;
        }
    }

    private final class Table {
        final String schema;
        final String name;
        final boolean view;
        final String comment;
        final Map<String, ColumnModel> columns = new LinkedHashMap<>();
        final TreeMap<Integer, String> primaryKey = new TreeMap<>();
        final Map<String, TreeMap<Integer, String>> unique = new TreeMap<>();
        final Map<String, Fk> foreignKeys = new TreeMap<>();
        final List<String> checks = new ArrayList<>();

        Table(String schema, String name, boolean view, String comment) {
            this.schema = schema;
            this.name = name;
            this.view = view;
            this.comment = comment;
        }

        TableModel toModel(ModelCollector collector) {
            for (String clause : checks) {
                Map.Entry<String, List<String>> in = inList(clause);
                if (in != null && columns.containsKey(in.getKey())) {
                    ColumnModel c = columns.get(in.getKey());
                    if (c.enumValues().isEmpty()) {
                        columns.put(c.name(), c.withEnumValues(in.getValue()));
                    }
                } else if (clause.toLowerCase(Locale.ROOT).matches("(?s).*json_valid\\s*\\(\\s*`?(\\w+)`?\\s*\\).*")) {
                    String column = clause.replaceAll("(?s).*json_valid\\s*\\(\\s*`?(\\w+)`?\\s*\\).*", "$1");
                    if (columns.containsKey(column)) {
                        columns.put(column, columns.get(column).asJson());
                    }
                }
            }
            List<List<String>> uniqueKeys = new ArrayList<>();
            unique.values().forEach(u -> uniqueKeys.add(List.copyOf(u.values())));
            List<ForeignKeyModel> fks = new ArrayList<>();
            for (Map.Entry<String, Fk> e : foreignKeys.entrySet()) {
                Fk fk = e.getValue();
                List<String> from = new ArrayList<>();
                List<String> to = new ArrayList<>();
                fk.columns.values().forEach(pair -> {
                    from.add(pair[0]);
                    to.add(pair[1]);
                });
                if (to.contains(null)) {
                    Table target = tables.get(key(fk.targetSchema, fk.targetTable));
                    if (target == null || target.primaryKey.size() != from.size()) {
                        collector.warn(name + ": foreign key " + from + " to " + fk.targetTable
                                + " names no target columns and the target's primary key does not match; skipped");
                        continue;
                    }
                    to.clear();
                    to.addAll(target.primaryKey.values());
                }
                boolean generatedName = e.getKey().startsWith("\u0000");
                fks.add(new ForeignKeyModel(
                        generatedName ? null : e.getKey(), from, fk.targetSchema, fk.targetTable, to));
            }
            return new TableModel(
                    schema,
                    name,
                    view,
                    comment,
                    List.copyOf(columns.values()),
                    List.copyOf(primaryKey.values()),
                    uniqueKeys,
                    fks);
        }
    }
}
