package io.quarry.sql.introspect;

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
            out.column(null, table, pk > 0 ? column : InstantSampling.sample(c, table, column));
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
