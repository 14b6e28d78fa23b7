package io.quarry.sql.introspect;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * PostgreSQL, from {@code pg_catalog}: five queries whatever the number of tables. Tables are {@code
 * r} (ordinary) and {@code p} (partitioned) relations, never a partition ({@code relispartition}),
 * views {@code v} and materialized views {@code m}; enum types come from {@code pg_enum}, check texts
 * from {@code pg_get_constraintdef}, comments from {@code obj_description} and {@code col_description}.
 */
final class PostgresCatalog implements Catalog {
    private static final String RELATIONS =
            "c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition" + " AND n.nspname = ANY (?)";

    @Override
    public List<String> defaultSchemas(Connection connection) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT current_schema()");
                ResultSet rs = s.executeQuery()) {
            rs.next();
            return List.of(rs.getString(1));
        }
    }

    @Override
    public void read(Connection c, List<String> schemas, ModelCollector out) throws SQLException {
        Array names = c.createArrayOf("text", schemas.toArray());
        Sweep.query(
                c,
                "SELECT n.nspname, c.relname, c.relkind, obj_description(c.oid, 'pg_class')"
                        + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE " + RELATIONS,
                names,
                rs -> {
                    String kind = rs.getString(3);
                    out.table(rs.getString(1), rs.getString(2), kind.equals("v") || kind.equals("m"), rs.getString(4));
                });
        Map<Long, List<String>> enums = new HashMap<>();
        Sweep.query(
                c,
                "SELECT e.enumtypid, e.enumlabel FROM pg_enum e WHERE e.enumtypid IN (SELECT a.atttypid"
                        + " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE " + RELATIONS + ")"
                        + " ORDER BY e.enumtypid, e.enumsortorder",
                names,
                rs -> enums.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                        .add(rs.getString(2)));
        Sweep.query(
                c,
                "SELECT n.nspname, c.relname, a.attname, t.oid, t.typtype, t.typcategory,"
                        + " CASE WHEN t.typtype = 'd' THEN b.typname ELSE t.typname END,"
                        + " format_type(a.atttypid, a.atttypmod), a.attnotnull, col_description(c.oid, a.attnum)"
                        + " FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_type t ON t.oid = a.atttypid"
                        + " LEFT JOIN pg_type b ON b.oid = t.typbasetype"
                        + " WHERE a.attnum > 0 AND NOT a.attisdropped AND " + RELATIONS
                        + " ORDER BY n.nspname, c.relname, a.attnum",
                names,
                rs -> {
                    List<String> values = enums.getOrDefault(rs.getLong(4), List.of());
                    String type = rs.getString(7);
                    if ("A".equals(rs.getString(6))) {
                        type = "array";
                    } else if ("e".equals(rs.getString(5))) {
                        type = "enum";
                    }
                    int[] size = sizeOf(rs.getString(8));
                    out.column(
                            rs.getString(1),
                            rs.getString(2),
                            new ColumnModel(
                                    rs.getString(3),
                                    type.toLowerCase(Locale.ROOT),
                                    size[0],
                                    size[1],
                                    !rs.getBoolean(9),
                                    rs.getString(10),
                                    values,
                                    type.equals("json") || type.equals("jsonb")));
                });
        // conparentid = 0: a foreign key to a partitioned table is cloned per partition; keep the original
        Sweep.query(
                c,
                "SELECT n.nspname, c.relname, k.conname, k.contype,"
                        + " ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a"
                        + " ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[],"
                        + " fn.nspname, f.relname,"
                        + " ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a"
                        + " ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)::text[],"
                        + " pg_get_constraintdef(k.oid)"
                        + " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " LEFT JOIN pg_class f ON f.oid = k.confrelid LEFT JOIN pg_namespace fn ON fn.oid = f.relnamespace"
                        + " WHERE k.contype IN ('p', 'f', 'c') AND k.conparentid = 0 AND " + RELATIONS,
                names,
                rs -> {
                    String schema = rs.getString(1);
                    String table = rs.getString(2);
                    String[] columns = (String[]) rs.getArray(5).getArray();
                    switch (rs.getString(4)) {
                        case "p":
                            for (int i = 0; i < columns.length; i++) {
                                out.primaryKey(schema, table, columns[i], i + 1);
                            }
                            break;
                        case "f":
                            String[] targets = (String[]) rs.getArray(8).getArray();
                            for (int i = 0; i < columns.length; i++) {
                                out.foreignKey(
                                        schema,
                                        table,
                                        rs.getString(3),
                                        i + 1,
                                        columns[i],
                                        rs.getString(6),
                                        rs.getString(7),
                                        targets[i]);
                            }
                            break;
                        default:
                            out.check(schema, table, rs.getString(9));
                    }
                });
        // unique constraints and unique indexes alike (a unique constraint is backed by its index)
        Sweep.query(
                c,
                "SELECT n.nspname, c.relname, i.relname,"
                        + " ARRAY(SELECT a.attname FROM unnest(x.indkey::int2[]) WITH ORDINALITY u(n, o) JOIN pg_attribute a"
                        + " ON a.attrelid = x.indrelid AND a.attnum = u.n ORDER BY u.o)::text[]"
                        + " FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid"
                        + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " WHERE x.indisunique AND NOT x.indisprimary AND x.indpred IS NULL AND x.indexprs IS NULL AND "
                        + RELATIONS,
                names,
                rs -> {
                    String[] columns = (String[]) rs.getArray(4).getArray();
                    for (int i = 0; i < columns.length; i++) {
                        out.unique(rs.getString(1), rs.getString(2), rs.getString(3), columns[i], i + 1);
                    }
                });
    }

    /** Length or precision and scale from {@code format_type}: {@code character varying(160)}, {@code numeric(10,2)}. */
    static int[] sizeOf(String formatted) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("\\((\\d+)(?:,(\\d+))?\\)").matcher(formatted);
        if (!m.find()) {
            return new int[] {0, 0};
        }
        return new int[] {Integer.parseInt(m.group(1)), m.group(2) == null ? 0 : Integer.parseInt(m.group(2))};
    }
}
