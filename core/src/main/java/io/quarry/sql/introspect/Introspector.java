package io.quarry.sql.introspect;

import static java.util.Objects.requireNonNull;

import io.quarry.sql.dialect.Dialects;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Reads a live database's tables, views, columns, keys, comments and enum values in one metadata
 * sweep and derives a Quarry configuration from them: the {@code types} a model sees and the {@code
 * store} section's table layout that serves them from the host's own tables.
 *
 * <pre>{@code
 * Introspection result = Introspector.builder().dataSource(dataSource).exclude("flyway_*").build().introspect();
 * Files.writeString(Path.of("quarry.yaml"), result.toYaml());   // review, edit, commit
 * }</pre>
 *
 * <p>PostgreSQL (the connection's current schema by default), MariaDB and MySQL (the current
 * database), SQLite and H2. See docs/introspection.md for the rules.
 */
public final class Introspector {
    private final DataSource dataSource;
    private final List<String> schemas;
    private final List<Pattern> include;
    private final List<Pattern> exclude;
    private final Function<String, String> typeNames;
    private final Function<String, String> fieldNames;
    private final List<String> scopeColumns;

    private Introspector(Builder b) {
        this.dataSource = b.dataSource;
        this.schemas = List.copyOf(b.schemas);
        this.include = b.include.stream().map(Introspector::glob).toList();
        this.exclude = b.exclude.stream().map(Introspector::glob).toList();
        this.typeNames = b.typeNames;
        this.fieldNames = b.fieldNames;
        this.scopeColumns = List.copyOf(b.scopeColumns);
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the database and derives its configuration.
     *
     * @throws IllegalStateException when the metadata cannot be read, with the database's message
     * @throws IllegalArgumentException when no dialect supports the database
     */
    public Introspection introspect() {
        DatabaseModel model = read();
        return new ConfigDerivation(model, typeNames, fieldNames, schemas.size() > 1, scopeColumns, this::rowsAndValues)
                .derive();
    }

    /**
     * A view's row count and each candidate key's distinct values without {@code NULL}, one statement
     * with the names quoted by the dialect (names from the catalog that passed the rule for SQL names);
     * {@code null} when it fails.
     */
    private long[] rowsAndValues(TableModel view, List<List<String>> candidates) {
        io.quarry.sql.Dialect dialect = Dialects.detect(dataSource);
        String table = (view.schema() == null || !io.quarry.schema.Names.isSqlName(view.schema())
                        ? ""
                        : dialect.quoteIdentifier(view.schema()) + ".")
                + dialect.quoteIdentifier(view.name());
        StringBuilder sql = new StringBuilder("SELECT COUNT(*)");
        for (List<String> candidate : candidates) {
            List<String> quoted =
                    candidate.stream().map(dialect::quoteIdentifier).toList();
            if (quoted.size() == 1) {
                sql.append(", COUNT(DISTINCT ").append(quoted.get(0)).append(')');
            } else {
                sql.append(", (SELECT COUNT(*) FROM (SELECT DISTINCT ")
                        .append(String.join(", ", quoted))
                        .append(" FROM ")
                        .append(table)
                        .append(" WHERE ")
                        .append(String.join(
                                " AND ",
                                quoted.stream().map(q -> q + " IS NOT NULL").toList()))
                        .append(") d)");
            }
        }
        sql.append(" FROM ").append(table);
        try (Connection connection = dataSource.getConnection();
                java.sql.Statement s = connection.createStatement();
                java.sql.ResultSet rs = s.executeQuery(sql.toString())) {
            rs.next();
            long[] counts = new long[candidates.size() + 1];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = rs.getLong(i + 1);
            }
            return counts;
        } catch (SQLException e) {
            return null;
        }
    }

    /** The database model alone: the first half of {@link #introspect()}. */
    DatabaseModel read() {
        String dialect = Dialects.detect(dataSource).name();
        Catalog catalog = Catalog.forDialect(dialect);
        ModelCollector collector = new ModelCollector();
        try (Connection c = dataSource.getConnection()) {
            List<String> read = schemas.isEmpty() ? catalog.defaultSchemas(c) : schemas;
            catalog.read(c, read, collector);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the database's tables: " + e.getMessage(), e);
        }
        return collector.build(dialect, this::accepts);
    }

    private boolean accepts(TableModel t) {
        String qualified = t.schema() == null ? t.name() : t.schema() + "." + t.name();
        boolean in = include.isEmpty()
                || include.stream()
                        .anyMatch(p -> p.matcher(t.name()).matches()
                                || p.matcher(qualified).matches());
        boolean out = exclude.stream()
                .anyMatch(p ->
                        p.matcher(t.name()).matches() || p.matcher(qualified).matches());
        return in && !out;
    }

    /** A glob ({@code *} any run of characters, {@code ?} one) as a case-insensitive pattern. */
    static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char ch : glob.toCharArray()) {
            if (ch == '*') {
                regex.append(".*");
            } else if (ch == '?') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** The default type name of a table: singular PascalCase ({@code invoice_lines} → {@code InvoiceLine}). */
    public static String defaultTypeName(String table) {
        return Naming.singularPascalCase(table);
    }

    /** The default field name of a column: snake_case ({@code InvoiceDate} → {@code invoice_date}). */
    public static String defaultFieldName(String column) {
        return Naming.snakeCase(column);
    }

    /** Configures an {@link Introspector}; only the data source is required. */
    public static final class Builder {
        private DataSource dataSource;
        private final List<String> schemas = new ArrayList<>();
        private final List<String> include = new ArrayList<>();
        private final List<String> exclude = new ArrayList<>();
        private Function<String, String> typeNames = Introspector::defaultTypeName;
        private Function<String, String> fieldNames = Introspector::defaultFieldName;
        private final List<String> scopeColumns = new ArrayList<>();

        private Builder() {}

        /** The database to read (required); its dialect is detected. */
        public Builder dataSource(DataSource dataSource) {
            this.dataSource = requireNonNull(dataSource, "dataSource");
            return this;
        }

        /**
         * The schemas (PostgreSQL, H2) or databases (MariaDB, MySQL) to read; default the connection's
         * current one. With more than one, each type's module is its schema.
         */
        public Builder schemas(String... names) {
            for (String n : names) {
                schemas.add(requireNonNull(n, "schema name"));
            }
            return this;
        }

        /** Table-name globs to read ({@code sales_*}, or {@code schema.table}); default all. */
        public Builder include(String... globs) {
            include.addAll(List.of(globs));
            return this;
        }

        /** Table-name globs to leave out, applied after {@link #include}. */
        public Builder exclude(String... globs) {
            exclude.addAll(List.of(globs));
            return this;
        }

        /** The type name of a table name; default {@link #defaultTypeName}. A name Quarry refuses skips the table. */
        public Builder typeNames(Function<String, String> naming) {
            this.typeNames = requireNonNull(naming, "typeNames");
            return this;
        }

        /** The field name of a column name; default {@link #defaultFieldName}. A name Quarry refuses skips the column. */
        public Builder fieldNames(Function<String, String> naming) {
            this.fieldNames = requireNonNull(naming, "fieldNames");
            return this;
        }

        /**
         * The tenant (scope) columns: every table that has each of them (named exactly so) is scoped by
         * them, its {@code scope} in the table layout, and the columns are no fields; a table without
         * one is left out with a warning (a join table between scoped types stays, scoped through its
         * ends), so a scoped call never reads a table that cannot be scoped. Default none.
         */
        public Builder scopeColumns(String... columns) {
            for (String c : columns) {
                scopeColumns.add(requireNonNull(c, "scope column"));
            }
            return this;
        }

        /** Builds the introspector. */
        public Introspector build() {
            if (dataSource == null) {
                throw new IllegalStateException("Introspector.builder(): dataSource(...) is required");
            }
            return new Introspector(this);
        }
    }
}
