package io.quarry.sql.introspect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * H2 2.x, from its SQL-standard {@code INFORMATION_SCHEMA}: five queries per schema. A foreign key's
 * target columns are those of the unique constraint it references ({@code REFERENTIAL_CONSTRAINTS}),
 * matched by position; {@code ENUM} values come from {@code ENUM_VALUES}.
 */
final class H2Catalog implements Catalog {

    @Override
    public List<String> defaultSchemas(Connection connection) throws SQLException {
        return List.of(connection.getSchema());
    }

    @Override
    public void read(Connection c, List<String> schemas, ModelCollector out) throws SQLException {
        for (String schema : schemas) {
            readSchema(c, schema, out);
        }
    }

    private static void readSchema(Connection c, String schema, ModelCollector out) throws SQLException {
        Sweep.query(
                c,
                "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, REMARKS FROM INFORMATION_SCHEMA.TABLES"
                        + " WHERE TABLE_SCHEMA = ?",
                schema,
                rs -> out.table(rs.getString(1), rs.getString(2), "VIEW".equals(rs.getString(3)), rs.getString(4)));
        Map<String, List<String>> enums = new HashMap<>();
        Sweep.query(
                c,
                "SELECT OBJECT_NAME, ENUM_IDENTIFIER, VALUE_NAME FROM INFORMATION_SCHEMA.ENUM_VALUES"
                        + " WHERE OBJECT_SCHEMA = ? AND OBJECT_TYPE = 'TABLE' ORDER BY OBJECT_NAME, ENUM_IDENTIFIER,"
                        + " VALUE_ORDINAL",
                schema,
                rs -> enums.computeIfAbsent(
                                rs.getString(1) + "\u0000" + rs.getString(2), k -> new java.util.ArrayList<>())
                        .add(rs.getString(3)));
        Sweep.query(
                c,
                "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH,"
                        + " NUMERIC_PRECISION, NUMERIC_SCALE, IS_NULLABLE, REMARKS, DTD_IDENTIFIER"
                        + " FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION",
                schema,
                rs -> {
                    String type = rs.getString(4).toLowerCase(Locale.ROOT);
                    long length = rs.getLong(5);
                    int size = length > 0 && length < Integer.MAX_VALUE ? (int) length : 0;
                    if (size == 0 && !type.contains("char") && !type.contains("large object")) {
                        size = rs.getInt(6);
                    }
                    out.column(
                            rs.getString(1),
                            rs.getString(2),
                            new ColumnModel(
                                    rs.getString(3),
                                    type,
                                    size,
                                    rs.getInt(7),
                                    "YES".equals(rs.getString(8)),
                                    rs.getString(9),
                                    enums.getOrDefault(rs.getString(2) + "\u0000" + rs.getString(10), List.of()),
                                    type.equals("json")));
                });
        // the columns of every unique and primary key constraint, to resolve what a foreign key references
        Map<String, Map<Integer, String>> keyColumns = new HashMap<>();
        Sweep.query(
                c,
                "SELECT k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, t.CONSTRAINT_TYPE, k.COLUMN_NAME,"
                        + " k.ORDINAL_POSITION, k.POSITION_IN_UNIQUE_CONSTRAINT, r.UNIQUE_CONSTRAINT_SCHEMA,"
                        + " r.UNIQUE_CONSTRAINT_NAME, u.TABLE_NAME"
                        + " FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE k JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS t"
                        + " ON t.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND t.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
                        + " LEFT JOIN INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS r"
                        + " ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
                        + " LEFT JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS u"
                        + " ON u.CONSTRAINT_SCHEMA = r.UNIQUE_CONSTRAINT_SCHEMA AND u.CONSTRAINT_NAME = r.UNIQUE_CONSTRAINT_NAME"
                        + " WHERE k.TABLE_SCHEMA = ? ORDER BY t.CONSTRAINT_TYPE DESC",
                schema,
                rs -> {
                    String table = rs.getString(2);
                    String type = rs.getString(4);
                    int position = rs.getInt(6);
                    if (type.equals("PRIMARY KEY") || type.equals("UNIQUE")) {
                        keyColumns
                                .computeIfAbsent(rs.getString(1) + "." + rs.getString(3), k -> new HashMap<>())
                                .put(position, rs.getString(5));
                    }
                    if (type.equals("PRIMARY KEY")) {
                        out.primaryKey(rs.getString(1), table, rs.getString(5), position);
                    } else if (type.equals("UNIQUE")) {
                        out.unique(rs.getString(1), table, rs.getString(3), rs.getString(5), position);
                    } else if (type.equals("FOREIGN KEY")) {
                        // ordered UNIQUE, PRIMARY KEY, FOREIGN KEY: the referenced constraint is already known
                        Map<Integer, String> target =
                                keyColumns.getOrDefault(rs.getString(8) + "." + rs.getString(9), Map.of());
                        out.foreignKey(
                                rs.getString(1),
                                table,
                                rs.getString(3),
                                position,
                                rs.getString(5),
                                rs.getString(8),
                                rs.getString(10),
                                target.get(rs.getInt(7)));
                    }
                });
        Sweep.query(
                c,
                "SELECT t.TABLE_SCHEMA, t.TABLE_NAME, x.CHECK_CLAUSE FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS t"
                        + " JOIN INFORMATION_SCHEMA.CHECK_CONSTRAINTS x ON x.CONSTRAINT_SCHEMA = t.CONSTRAINT_SCHEMA"
                        + " AND x.CONSTRAINT_NAME = t.CONSTRAINT_NAME WHERE t.CONSTRAINT_TYPE = 'CHECK'"
                        + " AND t.TABLE_SCHEMA = ?",
                schema,
                rs -> out.check(rs.getString(1), rs.getString(2), rs.getString(3)));
    }
}
