package io.quarry.sql.dialect;

import io.quarry.sql.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javax.sql.DataSource;

/** Finds a dialect by name, or from a database's JDBC metadata. */
public final class Dialects {
    /** Every dialect by {@link Dialect#name()}. */
    private static final Map<String, Supplier<Dialect>> BY_NAME = new LinkedHashMap<>();

    /** Dialect names by JDBC database product name, lower case. */
    private static final Map<String, String> BY_PRODUCT = new LinkedHashMap<>();

    // a new dialect plugs in with one line here
    static {
        add("h2", H2Dialect::new, "H2");
        add("sqlite", SqliteDialect::new, "SQLite");
        add("postgres", PostgresDialect::new, "PostgreSQL");
        BY_NAME.put("mariadb", MySqlDialect::mariadb); // by product name and version: detect(String, String)
        BY_NAME.put("mysql", MySqlDialect::mysql);
    }

    private static void add(String name, Supplier<Dialect> dialect, String productName) {
        BY_NAME.put(name, dialect);
        BY_PRODUCT.put(productName.toLowerCase(Locale.ROOT), name);
    }

    private Dialects() {}

    /** The names {@link #named} knows, such as {@code h2} and {@code sqlite}. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /**
     * The dialect with this name (case-insensitive).
     *
     * @throws IllegalArgumentException listing the supported names when there is none
     */
    public static Dialect named(String name) {
        Supplier<Dialect> dialect = BY_NAME.get(name == null ? "" : name.toLowerCase(Locale.ROOT));
        if (dialect == null) {
            throw new IllegalArgumentException(
                    "unknown dialect '" + name + "'; supported: " + String.join(", ", BY_NAME.keySet()));
        }
        return dialect.get();
    }

    /**
     * The dialect for the database behind a data source.
     *
     * @throws IllegalArgumentException naming the database when no dialect supports it
     */
    public static Dialect detect(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            java.sql.DatabaseMetaData md = c.getMetaData();
            String product = md.getDatabaseProductName();
            if (product != null && product.toLowerCase(Locale.ROOT).matches("mariadb|mysql")) {
                return detect(product, md.getDatabaseProductVersion());
            }
            return detect(product);
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    /** The dialect for a JDBC database product name, such as {@code H2} or {@code SQLite}. */
    public static Dialect detect(String productName) {
        String product = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        if (product.equals("mariadb") || product.equals("mysql")) {
            throw new IllegalArgumentException(
                    "the " + productName + " dialect depends on the server version: use detect(DataSource)");
        }
        String name = BY_PRODUCT.get(product);
        if (name != null) {
            return BY_NAME.get(name).get();
        }
        throw new IllegalArgumentException("no Quarry dialect for the database '" + productName
                + "'; supported: H2, SQLite, PostgreSQL, MariaDB 10.6+, MySQL 8.0.29+");
    }

    /**
     * The dialect for MariaDB or MySQL by product name and version, such as {@code ("MariaDB",
     * "10.11.6-MariaDB-0+deb12u1")} or {@code ("MySQL", "8.0.36")}. The MariaDB driver reports a MariaDB
     * server as {@code MariaDB} and a MySQL server as {@code MySQL}; MySQL's own driver reports {@code
     * MySQL} and MariaDB servers carry {@code MariaDB} in their version.
     *
     * @throws IllegalArgumentException naming the version when it is too old: MariaDB needs 10.6
     *     (JSON_TABLE), MySQL 8.0.29 (CREATE FUNCTION IF NOT EXISTS)
     */
    public static Dialect detect(String productName, String version) {
        String name = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        String v = version == null ? "" : version;
        boolean mariadb = name.equals("mariadb") || v.toLowerCase(Locale.ROOT).contains("mariadb");
        if (!mariadb && !name.equals("mysql")) {
            return detect(productName);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:5\\.5\\.5-)?(\\d+)\\.(\\d+)(?:\\.(\\d+))?")
                .matcher(v);
        int[] parts = m.find()
                ? new int[] {
                    Integer.parseInt(m.group(1)),
                    Integer.parseInt(m.group(2)),
                    m.group(3) == null ? 0 : Integer.parseInt(m.group(3))
                }
                : new int[] {0, 0, 0};
        int[] minimum = mariadb ? new int[] {10, 6, 0} : new int[] {8, 0, 29};
        if (java.util.Arrays.compare(parts, minimum) < 0) {
            throw new IllegalArgumentException(
                    (mariadb ? "MariaDB " : "MySQL ") + v + " is too old for Quarry; it needs "
                            + (mariadb ? "MariaDB 10.6 or later (JSON_TABLE)" : "MySQL 8.0.29 or later"));
        }
        return mariadb ? MySqlDialect.mariadb() : MySqlDialect.mysql();
    }
}
