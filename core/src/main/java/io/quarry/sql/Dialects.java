package io.quarry.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;

/** Finds the dialect of a database from its JDBC metadata. */
public final class Dialects {
    private Dialects() {}

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

    /** The dialect for a JDBC database product name, such as {@code H2}. */
    public static Dialect detect(String productName) {
        String name = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        if (name.equals("h2")) {
            return new H2Dialect();
        }
        if (name.equals("postgresql")) {
            return new PostgresDialect();
        }
        throw new IllegalArgumentException(
                "no Quarry dialect for the database '" + productName + "'; supported: H2, PostgreSQL");
    }
}
