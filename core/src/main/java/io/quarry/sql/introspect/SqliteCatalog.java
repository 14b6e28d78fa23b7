package io.quarry.sql.introspect;

import io.quarry.schema.FieldType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQLite, from {@code sqlite_master} joined with the table-valued pragmas ({@code pragma_table_info},
 * {@code pragma_foreign_key_list}, {@code pragma_index_list}/{@code pragma_index_info}): four queries.
 * Column types are the declared ones ({@code NVARCHAR(160)}, {@code NUMERIC(10,2)}); checks are read
 * from the table's {@code CREATE TABLE} text; SQLite keeps no comments.
 */
final class SqliteCatalog implements Catalog {
    private static final String TABLES = "m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'";

    @Override
    public List<String> defaultSchemas(Connection connection) {
        return List.of("main");
    }

    @Override
    public void read(Connection c, List<String> schemas, ModelCollector out) throws SQLException {
        List<Object[]> columns = new ArrayList<>();
        Sweep.query(c, "SELECT m.name, m.type, m.sql FROM sqlite_master m WHERE " + TABLES, null, rs -> {
            String name = rs.getString(1);
            out.table(null, name, "view".equals(rs.getString(2)), null);
            for (String check : checks(rs.getString(3))) {
                out.check(null, name, check);
            }
        });
        Sweep.query(
                c,
                "SELECT m.name, p.name, p.type, p.\"notnull\", p.pk FROM sqlite_master m"
                        + " JOIN pragma_table_info(m.name) p WHERE " + TABLES + " ORDER BY m.name, p.cid",
                null,
                rs -> {
                    String declared = rs.getString(3) == null
                            ? ""
                            : rs.getString(3).trim().toLowerCase(Locale.ROOT);
                    String type = declared.replaceAll("\\s*\\(.*", "");
                    int[] size = PostgresCatalog.sizeOf(declared);
                    int pk = rs.getInt(5);
                    columns.add(new Object[] {
                        rs.getString(1),
                        new ColumnModel(
                                rs.getString(2),
                                type,
                                size[0],
                                size[1],
                                rs.getInt(4) == 0 && pk == 0,
                                null,
                                List.of(),
                                type.equals("json")),
                        pk
                    });
                });
        for (Object[] row : columns) {
            String table = (String) row[0];
            ColumnModel column = (ColumnModel) row[1];
            int pk = (Integer) row[2];
            column = byAffinity(column);
            // key columns too: a timestamp in a key is ISO text as much as one outside it
            column = typedByValues(c, table, InstantSampling.sample(c, table, column));
            column = textIfTextHeld(c, table, column);
            out.column(null, table, column);
            if (pk > 0) {
                out.primaryKey(null, table, column.name(), pk);
            }
        }
        Sweep.query(
                c,
                "SELECT m.name, f.id, f.seq, f.\"table\", f.\"from\", f.\"to\" FROM sqlite_master m"
                        + " JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table'",
                null,
                rs -> out.foreignKey(
                        null,
                        rs.getString(1),
                        "\u0000" + rs.getInt(2),
                        rs.getInt(3) + 1,
                        rs.getString(5),
                        null,
                        rs.getString(4),
                        rs.getString(6)));
        Sweep.query(
                c,
                "SELECT m.name, l.name, i.seqno, i.name FROM sqlite_master m"
                        + " JOIN pragma_index_list(m.name) l JOIN pragma_index_info(l.name) i"
                        + " WHERE m.type = 'table' AND l.\"unique\" = 1 AND l.origin <> 'pk' AND l.partial = 0",
                null,
                rs -> {
                    if (rs.getString(4) != null) {
                        out.unique(null, rs.getString(1), rs.getString(2), rs.getString(4), rs.getInt(3) + 1);
                    }
                });
    }

    /**
     * A declared type Quarry does not know, read by SQLite's own affinity rules
     * (sqlite.org/datatype3.html 3.1): {@code INT} anywhere is integer; else {@code CHAR}, {@code CLOB}
     * or {@code TEXT} text ({@code BLOB SUB_TYPE TEXT}, {@code NATIVE CHARACTER}); else {@code BLOB}
     * stays a blob; else {@code REAL}, {@code FLOA} or {@code DOUB} real; else numeric.
     */
    static ColumnModel byAffinity(ColumnModel column) {
        String t = column.sqlType();
        if (t.isEmpty() || column.json() || ConfigDerivation.fieldType(column) != null) {
            return column;
        }
        if (t.contains("int")) {
            return column.asType("integer");
        }
        if (t.contains("char") || t.contains("clob") || t.contains("text")) {
            return column.asType("text");
        }
        if (t.contains("blob")) {
            return column;
        }
        if (t.contains("real") || t.contains("floa") || t.contains("doub")) {
            return column.asType("real");
        }
        return column.asType("numeric");
    }

    /**
     * A column without a declared type (a view's expression, such as {@code SUM(price * quantity)}),
     * typed from the storage classes of up to {@value InstantSampling#SAMPLE} of its values: all
     * integers an integer, integers and reals a real, all text text; without values (or with blobs)
     * it keeps no type and is left out.
     */
    static ColumnModel typedByValues(Connection c, String table, ColumnModel column) throws SQLException {
        if (!column.sqlType().isEmpty() || column.instantForm() != null) {
            return column;
        }
        java.util.Set<String> kinds = new java.util.HashSet<>();
        // names are quoted, never bound: SQLite takes no parameter for a table or column
        String q = quote(column.name());
        try (java.sql.PreparedStatement s = c.prepareStatement("SELECT typeof(" + q + ") FROM " + quote(table)
                        + " WHERE " + q + " IS NOT NULL LIMIT " + InstantSampling.SAMPLE);
                java.sql.ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                kinds.add(rs.getString(1));
            }
        }
        if (kinds.isEmpty()) {
            return column;
        }
        if (kinds.equals(java.util.Set.of("integer"))) {
            return column.asType("integer");
        }
        if (java.util.Set.of("integer", "real").containsAll(kinds)) {
            return column.asType("real");
        }
        if (kinds.equals(java.util.Set.of("text"))) {
            return column.asType("text");
        }
        return column;
    }

    /**
     * A column typed as a number whose values include text is text: SQLite keeps a value that does not
     * read as a number as it was written, whatever the declared type (a {@code TIME} column, numeric by
     * affinity, holds {@code '09:30:00'}), and a number field or key could neither show nor compare it.
     * Read from the first {@value #TEXT_SAMPLE} rows.
     */
    static final int TEXT_SAMPLE = 10_000;

    static ColumnModel textIfTextHeld(Connection c, String table, ColumnModel column) throws SQLException {
        FieldType type = column.instantForm() == null ? ConfigDerivation.fieldType(column) : null;
        if (type != FieldType.INTEGER && type != FieldType.NUMBER) {
            return column;
        }
        String q = quote(column.name());
        // the first rows only, so that introspecting a large table costs no scan per number column
        try (java.sql.PreparedStatement s = c.prepareStatement("SELECT 1 FROM (SELECT " + q + " AS v FROM "
                        + quote(table) + " LIMIT " + TEXT_SAMPLE + ") WHERE typeof(v) = 'text' LIMIT 1");
                java.sql.ResultSet rs = s.executeQuery()) {
            return rs.next() ? column.asType("text") : column;
        }
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** The expressions of the {@code CHECK (…)} clauses of a {@code CREATE TABLE} text. */
    static List<String> checks(String createTable) {
        List<String> out = new ArrayList<>();
        if (createTable == null) {
            return out;
        }
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(?i)\\bCHECK\\s*\\(").matcher(createTable);
        while (m.find()) {
            int depth = 1;
            int i = m.end();
            boolean quoted = false;
            for (; i < createTable.length() && depth > 0; i++) {
                char ch = createTable.charAt(i);
                if (ch == '\'') {
                    quoted = !quoted;
                } else if (!quoted && ch == '(') {
                    depth++;
                } else if (!quoted && ch == ')') {
                    depth--;
                }
            }
            out.add(createTable.substring(m.end(), i - 1));
        }
        return out;
    }
}
