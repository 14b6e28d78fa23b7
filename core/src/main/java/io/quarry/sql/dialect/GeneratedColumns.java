package io.quarry.sql.dialect;

import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Names;
import io.quarry.schema.Schema;
import io.quarry.sql.StoreMapping;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * MariaDB's generated columns for declared fields: one {@code VIRTUAL} column per field and kind on
 * the objects table, holding the field's value normalized as {@link MySqlDialect}'s inline tests read
 * it, and an index on it. MariaDB before 11.8 never matches an expression to a virtual column's index
 * by itself, so the dialect names the column in its tests once the store has seen it ({@link #read}).
 *
 * <p>Each column holds, for the top-level property {@code f}:
 *
 * <ul>
 *   <li>{@link Kind#STRING} ({@code string} and {@code enum} fields): the string, its first {@value
 *       #STRING_LENGTH} characters when longer; for an array, {@link #STRING_ARRAY} (as long as the
 *       column, so no shorter string equals it); {@code NULL} for anything else.
 *   <li>{@link Kind#NUMBER} ({@code number}, {@code integer}): the value of a plain decimal (a number or
 *       a numeric string, exact in {@code DECIMAL(65,30)}); {@link #NUMBER_OTHER} (the type's
 *       least value, which no plain decimal reaches) for an array and for any other numeric value,
 *       such as {@code 1e3} or {@code " 5"}; {@code NULL} for anything else.
 *   <li>{@link Kind#INSTANT} ({@code date}, {@code datetime}): the canonical UTC text {@code
 *       yyyy-MM-ddTHH:mm:ssZ} of a date or of a UTC date-time at whole seconds that exists; the empty
 *       string for an array and for any other string that starts like a date; {@code NULL} else.
 * </ul>
 *
 * A test reads the column for the regular values and the document (the JSON path, exactly as without
 * the column) only on the rows that hold the "other" value, so answers are the evaluator's for every
 * value, while the index finds the rows.
 *
 * <p>Names: {@code q1s_status}, {@code q1n_priority}, {@code q1d_due_at} ({@code q}, the version
 * {@code 1}, the kind, the field) for a field of lower-case letters, digits and underscores of at most
 * 48 characters; otherwise {@code q1s-} and the field's first 40 characters in lower case, {@code -}
 * and ten hex digits of the SHA-256 of its name (MariaDB's column names ignore case; no plain name
 * holds {@code -}). The index is the column's name and {@code _ix}. The column's comment, {@code
 * quarry:v1:KIND:FIELD}, says what it holds: the store reads the comments, not the names.
 */
final class GeneratedColumns {
    /** The characters of a string the string column keeps. */
    static final int STRING_LENGTH = 200;

    /** The string column's value for an array: as long as the column. */
    static final String STRING_ARRAY = "~".repeat(STRING_LENGTH);

    /** The number column's value for an array or a numeric value that is no plain decimal. */
    static final String NUMBER_OTHER = "-" + "9".repeat(35) + "." + "9".repeat(30);

    /** The instant column's value for an array or a string that starts like a date but is not canonical. */
    static final String INSTANT_OTHER = "";

    private static final String COMMENT_PREFIX = "quarry:v1:";
    private static final Pattern COMMENT = Pattern.compile("quarry:v1:([snd]):([A-Za-z_][A-Za-z0-9_-]{0,63})");
    private static final Pattern PLAIN_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,47}");

    /** What a column normalizes a value to. */
    enum Kind {
        STRING('s'),
        NUMBER('n'),
        INSTANT('d');

        final char letter;

        Kind(char letter) {
            this.letter = letter;
        }

        static Kind of(char letter) {
            for (Kind k : values()) {
                if (k.letter == letter) {
                    return k;
                }
            }
            throw new IllegalArgumentException(String.valueOf(letter));
        }

        /** The kind a declared field's equality and comparison tests need, or {@code null}. */
        static Kind of(FieldType type) {
            if (type == null) {
                return null;
            }
            return switch (type) {
                case STRING, ENUM -> STRING;
                case NUMBER, INTEGER -> NUMBER;
                case DATE, DATETIME -> INSTANT;
                default -> null;
            };
        }
    }

    private GeneratedColumns() {}

    /** The key of a field's column of a kind in a dialect's map of columns. */
    static String key(Kind kind, String field) {
        return kind.letter + ":" + field;
    }

    /** The column's name: see the class comment. */
    static String name(Kind kind, String field) {
        if (!Names.isIdentifier(field)) {
            throw new IllegalArgumentException("not a valid field name: " + field);
        }
        if (PLAIN_NAME.matcher(field).matches()) {
            return "q1" + kind.letter + "_" + field;
        }
        String lower = field.toLowerCase(Locale.ROOT);
        return "q1" + kind.letter + "-" + lower.substring(0, Math.min(40, lower.length())) + "-" + hash(field);
    }

    private static String hash(String field) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(field.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 10);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The fields a schema declares with a kind, in name order; a field declared with two kinds gets both. */
    static Map<String, Kind> declared(Schema schema) {
        Map<String, Kind> out = new TreeMap<>();
        for (EntityType type : schema.types()) {
            for (Field field : type.fields()) {
                Kind kind = Kind.of(field.type());
                if (kind != null) {
                    out.putIfAbsent(key(kind, field.name()), kind);
                }
            }
        }
        return out;
    }

    /**
     * The statements that add the columns and indexes of a schema's declared fields to the objects table
     * (idempotent: {@code ADD COLUMN IF NOT EXISTS}, {@code CREATE INDEX IF NOT EXISTS}). Each index
     * leads with the column, then the scope columns, the type and {@code updated_at}: never led by the
     * scope, which MariaDB would otherwise pick to read a whole tenant for a filter the column serves.
     */
    static List<String> ddl(MySqlDialect dialect, StoreMapping m, Schema schema) {
        List<String> out = new ArrayList<>();
        declared(schema).forEach((key, kind) -> {
            String field = key.substring(2);
            String column = name(kind, field);
            String document = dialect.quoteIdentifier(m.properties());
            out.add("ALTER TABLE " + dialect.quoteIdentifier(m.objectsTable()) + " ADD COLUMN IF NOT EXISTS "
                    + dialect.quoteIdentifier(column) + " " + type(kind, dialect) + " AS ("
                    + expression(kind, dialect, document, field) + ") VIRTUAL COMMENT '" + COMMENT_PREFIX + kind.letter
                    + ":" + field + "'");
            List<String> columns = new ArrayList<>();
            columns.add(column);
            columns.addAll(m.scopeColumns());
            columns.add(m.type());
            columns.add(m.updatedAt());
            StringBuilder definition = new StringBuilder("(");
            for (int i = 0; i < columns.size(); i++) {
                definition.append(i == 0 ? "" : ", ").append(dialect.quoteIdentifier(columns.get(i)));
            }
            out.add(GraphDdl.createIndex(
                    dialect::quoteIdentifier,
                    column + "_ix",
                    m.objectsTable(),
                    definition.append(")").toString()));
        });
        return out;
    }

    private static String type(Kind kind, MySqlDialect dialect) {
        String text = " CHARACTER SET utf8mb4 COLLATE " + dialect.collation();
        return switch (kind) {
            case STRING -> "VARCHAR(" + STRING_LENGTH + ")" + text;
            case NUMBER -> "DECIMAL(65,30)";
            case INSTANT -> "VARCHAR(20)" + text;
        };
    }

    /** The column's expression over the document column: only deterministic built-ins, nothing that warns. */
    static String expression(Kind kind, MySqlDialect dialect, String document, String field) {
        String j = "JSON_EXTRACT(" + document + ", '" + dialect.path(List.of(field)) + "')";
        String t = "JSON_TYPE(" + j + ")";
        // explicit: in a column's expression a literal has the database's collation, which may differ
        String u = "(JSON_UNQUOTE(" + j + ") COLLATE " + dialect.collation() + ")";
        return switch (kind) {
            case STRING ->
                "CASE " + t + " WHEN 'STRING' THEN LEFT(" + u + ", " + STRING_LENGTH + ") WHEN 'ARRAY' THEN '"
                        + STRING_ARRAY + "' END";
            case NUMBER ->
                "CASE WHEN CONCAT(" + u + ", '#') REGEXP " + MySqlDialect.PLAIN_DECIMAL + " THEN CAST(" + u
                        + " AS DECIMAL(65,30)) WHEN " + t + " = 'ARRAY' OR CONCAT(" + u + ", '#') REGEXP "
                        + MySqlDialect.NUMERIC + " THEN " + NUMBER_OTHER + " END";
            case INSTANT ->
                "CASE WHEN " + t + " <> 'STRING' THEN (CASE WHEN " + t + " = 'ARRAY' THEN '' END) WHEN CONCAT(" + u
                        + ", '#') REGEXP " + MySqlDialect.UTC_SECONDS + " THEN (CASE WHEN "
                        + MySqlDialect.utcExists(u) + " THEN IF(CHAR_LENGTH(" + u + ") = 10, CONCAT(" + u
                        + ", 'T00:00:00Z'), " + u + ") END) WHEN " + u + " REGEXP " + MySqlDialect.DATE_START
                        + " THEN '' END";
        };
    }

    /**
     * The generated columns of the mapping's objects table in the connection's database, by {@link
     * #key}: every generated column whose comment is one of {@link #ddl}'s. Empty when there are none,
     * or when the table layout is used, or when the catalog cannot be read (the JSON path answers).
     */
    static Map<String, String> read(StoreMapping m, DataSource dataSource) {
        if (m.tables() != null) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT COLUMN_NAME, COLUMN_COMMENT FROM"
                        + " information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?"
                        + " AND IS_GENERATED = 'ALWAYS' AND COLUMN_COMMENT LIKE 'quarry:v1:%'")) {
            ps.setString(1, m.objectsTable());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String column = rs.getString(1);
                    Matcher comment = COMMENT.matcher(String.valueOf(rs.getString(2)));
                    if (Names.isIdentifier(column) && comment.matches()) {
                        out.put(key(Kind.of(comment.group(1).charAt(0)), comment.group(2)), column);
                    }
                }
            }
        } catch (SQLException e) {
            return Map.of();
        }
        return Map.copyOf(out);
    }

    /**
     * The indexes of the mapping's objects table in the connection's database that lead with one of
     * {@code columns} (generated columns by name, as {@link #read} returns them) and hold the type and
     * every scope column, as {@link #ddl}'s do, so that a filter on the column within a type and scope
     * reads the index alone: index name by column, {@link #ddl}'s name first. Empty when the catalog
     * cannot be read.
     */
    static Map<String, String> readIndexes(
            StoreMapping m, DataSource dataSource, java.util.Collection<String> columns) {
        if (columns.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> parts = new TreeMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT INDEX_NAME, COLUMN_NAME FROM"
                        + " information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?"
                        + " ORDER BY INDEX_NAME, SEQ_IN_INDEX")) {
            ps.setString(1, m.objectsTable());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    parts.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(rs.getString(2));
                }
            }
        } catch (SQLException e) {
            return Map.of();
        }
        List<String> needed = new ArrayList<>(m.scopeColumns());
        needed.add(m.type());
        Map<String, String> out = new TreeMap<>();
        parts.forEach((index, indexColumns) -> {
            String column = indexColumns.get(0);
            if (columns.contains(column)
                    && Names.isIdentifier(index)
                    && indexColumns.containsAll(needed)
                    && (index.equals(column + "_ix") || !out.containsKey(column))) {
                out.put(column, index);
            }
        });
        return Map.copyOf(out);
    }
}
