package io.quarry.sql.introspect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * MariaDB and MySQL, from {@code information_schema}: four queries per database (schema). {@code
 * ENUM('a', 'b')} columns give their values from {@code COLUMN_TYPE}; MariaDB's {@code JSON} is a
 * {@code LONGTEXT} with a {@code json_valid} check, recognised from the check; {@code TINYINT(1)} and
 * {@code BIT(1)} are booleans.
 */
final class MySqlCatalog implements Catalog {
    private final boolean mariadb;

    MySqlCatalog(boolean mariadb) {
        this.mariadb = mariadb;
    }

    @Override
    public List<String> defaultSchemas(Connection connection) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT DATABASE()");
                ResultSet rs = s.executeQuery()) {
            rs.next();
            String database = rs.getString(1);
            if (database == null) {
                throw new SQLException("the connection has no current database; name one in the JDBC URL or with"
                        + " Introspector.builder().schemas(...)");
            }
            return List.of(database);
        }
    }

    @Override
    public void read(Connection c, List<String> schemas, ModelCollector out) throws SQLException {
        for (String schema : schemas) {
            readSchema(c, schema, out);
        }
    }

    private void readSchema(Connection c, String schema, ModelCollector out) throws SQLException {
        Sweep.query(
                c,
                "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE, TABLE_COMMENT FROM information_schema.TABLES"
                        + " WHERE TABLE_SCHEMA = ?",
                schema,
                rs -> {
                    boolean view = "VIEW".equals(rs.getString(3));
                    out.table(rs.getString(1), rs.getString(2), view, view ? null : rs.getString(4));
                });
        Sweep.query(
                c,
                "SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME, DATA_TYPE, COLUMN_TYPE,"
                        + " CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE, IS_NULLABLE, COLUMN_COMMENT"
                        + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION",
                schema,
                rs -> {
                    String type = rs.getString(4).toLowerCase(Locale.ROOT);
                    String columnType = rs.getString(5).toLowerCase(Locale.ROOT);
                    List<String> values = new ArrayList<>();
                    if (type.equals("enum")) {
                        String declared = rs.getString(5);
                        values = literals(declared.substring(declared.indexOf('(')));
                    }
                    if (columnType.startsWith("tinyint(1)") || columnType.equals("bit(1)")) {
                        type = "boolean";
                    }
                    long length = rs.getLong(6);
                    int size = length > Integer.MAX_VALUE ? 0 : (int) length;
                    if (size == 0) {
                        size = rs.getInt(7);
                    }
                    out.column(
                            rs.getString(1),
                            rs.getString(2),
                            new ColumnModel(
                                    rs.getString(3),
                                    type,
                                    size,
                                    rs.getInt(8),
                                    "YES".equals(rs.getString(9)),
                                    ModelCollector.blankToNull(rs.getString(10)),
                                    values,
                                    type.equals("json")));
                });
        Sweep.query(
                c,
                // KEY_COLUMN_USAGE alone: MariaDB shows a user without global privileges no rows of
                // TABLE_CONSTRAINTS. It holds primary (always named PRIMARY), unique and foreign keys only.
                "SELECT k.TABLE_SCHEMA, k.TABLE_NAME, k.CONSTRAINT_NAME, CASE WHEN k.CONSTRAINT_NAME = 'PRIMARY'"
                        + " THEN 'PRIMARY KEY' WHEN k.REFERENCED_TABLE_NAME IS NOT NULL THEN 'FOREIGN KEY'"
                        + " ELSE 'UNIQUE' END, k.COLUMN_NAME,"
                        + " k.ORDINAL_POSITION, k.REFERENCED_TABLE_SCHEMA, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME"
                        + " FROM information_schema.KEY_COLUMN_USAGE k WHERE k.TABLE_SCHEMA = ?",
                schema,
                rs -> {
                    String table = rs.getString(2);
                    int position = rs.getInt(6);
                    switch (rs.getString(4)) {
                        case "PRIMARY KEY":
                            out.primaryKey(rs.getString(1), table, rs.getString(5), position);
                            break;
                        case "UNIQUE":
                            out.unique(rs.getString(1), table, rs.getString(3), rs.getString(5), position);
                            break;
                        case "FOREIGN KEY":
                            out.foreignKey(
                                    rs.getString(1),
                                    table,
                                    rs.getString(3),
                                    position,
                                    rs.getString(5),
                                    rs.getString(7),
                                    rs.getString(8),
                                    rs.getString(9));
                            break;
                        default:
                            break;
                    }
                });
        // MariaDB names a column-level check after its column, so the same name recurs across tables
        Sweep.query(
                c,
                "SELECT t.TABLE_SCHEMA, t.TABLE_NAME, x.CHECK_CLAUSE FROM information_schema.TABLE_CONSTRAINTS t"
                        + " JOIN information_schema.CHECK_CONSTRAINTS x ON x.CONSTRAINT_SCHEMA = t.CONSTRAINT_SCHEMA"
                        + " AND x.CONSTRAINT_NAME = t.CONSTRAINT_NAME"
                        + (mariadb ? " AND x.TABLE_NAME = t.TABLE_NAME" : "")
                        + " WHERE t.CONSTRAINT_TYPE = 'CHECK' AND t.TABLE_SCHEMA = ?",
                schema,
                rs -> out.check(rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    /** The string literals of {@code ('a','b''c')}. */
    static List<String> literals(String list) {
        List<String> values = new ArrayList<>();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("'((?:[^']|'')*)'").matcher(list);
        while (m.find()) {
            values.add(m.group(1).replace("''", "'"));
        }
        return values;
    }
}
