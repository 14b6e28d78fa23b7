package io.quarry.sql.introspect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * How one kind of database describes its tables: one metadata query per kind of thing (tables,
 * columns, keys, checks, enum values), never a round of queries per table.
 */
interface Catalog {

    /** The schemas (databases on MariaDB/MySQL) read when the host names none: the connection's current one. */
    List<String> defaultSchemas(Connection connection) throws SQLException;

    /** Reads every table, view and constraint of the schemas into the collector. */
    void read(Connection connection, List<String> schemas, ModelCollector out) throws SQLException;

    /** The catalog for a dialect name ({@code postgres}, {@code mariadb}, {@code mysql}, {@code h2}, {@code sqlite}). */
    static Catalog forDialect(String dialect) {
        switch (dialect) {
            case "postgres":
                return new PostgresCatalog();
            case "mariadb":
            case "mysql":
                return new MySqlCatalog(dialect.equals("mariadb"));
            case "h2":
                return new H2Catalog();
            case "sqlite":
                return new SqliteCatalog();
            default:
                throw new IllegalArgumentException("introspection does not support the dialect '" + dialect
                        + "'; supported: postgres, mariadb, mysql, h2, sqlite");
        }
    }
}
