package io.quarry.sql;

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
            return detect(c.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot connect to the database: " + e.getMessage(), e);
        }
    }

    /** The dialect for a JDBC database product name, such as {@code H2} or {@code SQLite}. */
    public static Dialect detect(String productName) {
        String name = BY_PRODUCT.get(productName == null ? "" : productName.toLowerCase(Locale.ROOT));
        if (name != null) {
            return BY_NAME.get(name).get();
        }
        throw new IllegalArgumentException("no Quarry dialect for the database '" + productName + "'; supported: "
                + String.join(", ", BY_NAME.keySet()));
    }
}
