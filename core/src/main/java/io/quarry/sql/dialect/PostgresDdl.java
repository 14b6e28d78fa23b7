package io.quarry.sql.dialect;

import static java.util.Objects.requireNonNull;

import io.quarry.schema.Names;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.StoreMapping;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PostgreSQL's DDL: the graph layout with properties stored as {@code json}, the GIN {@code
 * jsonb_path_ops} index on them, and with full text a stored {@code tsvector} column and its GIN
 * index; the immutable helper functions of {@code postgres-functions.sql}; and expression indexes on
 * exactly the forms {@link PostgresDialect} writes ({@link #fieldIndexes}, {@link #schemaIndexes}).
 *
 * @param fullTextColumn the tsvector column, or {@code null} without full text
 * @param textSearchConfig its text search configuration (a validated name), or {@code null}
 */
record PostgresDdl(String fullTextColumn, String textSearchConfig) implements LayoutDdl {
    private static final String FUNCTIONS_RESOURCE = "postgres-functions.sql";
    private static final String SCHEMA_PLACEHOLDER = "@SCHEMA@.";

    private static String quote(String identifier) {
        return Identifiers.quote(identifier, '"');
    }

    @Override
    public List<String> createGraphLayout(StoreMapping m) {
        GraphDdl ddl = new GraphDdl(
                m,
                PostgresDdl::quote,
                new GraphDdl.Types("text PRIMARY KEY", "text", "text", column -> "json NOT NULL", "timestamptz"));
        List<String> extras = new ArrayList<>();
        if (fullTextColumn != null) {
            // textSearchConfig passed the naming rule; DDL cannot bind it
            extras.add(quote(fullTextColumn) + " tsvector GENERATED ALWAYS AS (jsonb_to_tsvector('"
                    + textSearchConfig + "'::regconfig, " + PostgresDialect.jsonb(quote(m.properties()))
                    + ", '[\"string\"]')) STORED");
        }
        List<String> statements = new ArrayList<>();
        statements.add(ddl.objectsTable(extras, ""));
        statements.add(ddl.relationshipsTable(List.of(), ""));
        statements.addAll(createHelperFunctions());
        statements.add(ddl.createIndex(
                m.objectsTable() + "_properties",
                m.objectsTable(),
                "USING gin ((" + PostgresDialect.jsonb(quote(m.properties())) + ") jsonb_path_ops)"));
        ddl.indexes(m.scopeColumns(), List.of()).forEach(index -> statements.add(ddl.createIndex(index)));
        if (fullTextColumn != null) {
            statements.add(ddl.createIndex(
                    m.objectsTable() + "_" + fullTextColumn,
                    m.objectsTable(),
                    "USING gin (" + quote(fullTextColumn) + ")"));
        }
        return statements;
    }

    /**
     * {@inheritDoc}
     *
     * <p>On PostgreSQL: the immutable, type-guarded helpers ({@code quarry_num}, {@code quarry_instant},
     * their ranges, {@code quarry_strings}, the sort keys), {@code CREATE OR REPLACE}, with the double
     * range's exact bounds.
     */
    @Override
    public List<String> createHelperFunctions() {
        return functions();
    }

    /** {@inheritDoc} On PostgreSQL: beyond the layout's generic GIN index. */
    @Override
    public List<String> fieldIndexes(StoreMapping mapping, String field, FieldKind kind) {
        List<String> path = List.of(field.split("\\.", -1));
        StringBuilder json = new StringBuilder(PostgresDialect.jsonb(quote(mapping.properties())));
        StringBuilder text = new StringBuilder(json);
        for (int i = 0; i < path.size(); i++) {
            String segment = path.get(i);
            if (!Names.isIdentifier(segment)) {
                throw new IllegalArgumentException("not a valid field path: " + field);
            }
            // a validated name; DDL cannot bind
            json.append(" -> '").append(segment).append("'");
            text.append(i == path.size() - 1 ? " ->> '" : " -> '")
                    .append(segment)
                    .append("'");
        }
        String value = "(" + json + ")";
        String objects = mapping.objectsTable();
        String name = mapping.objectsTable() + "_" + String.join("_", path).toLowerCase(Locale.ROOT);
        return switch (kind) {
            case NUMBER ->
                List.of(
                        index(name + "_numkey", objects, "(quarry_num_key" + value + ")"),
                        index(name + "_jsontype", objects, "(jsonb_typeof" + value + ")"));
            case DATE ->
                List.of(
                        index(name + "_instantkey", objects, "(quarry_instant_key" + value + ")"),
                        index(name + "_jsontype", objects, "(jsonb_typeof" + value + ")"));
            case TEXT ->
                List.of(
                        // pg_trgm when the server has it (without it the tests stay correct, only
                        // unindexed), in public, and its operator class named with its schema
                        "DO $do$ DECLARE s text; BEGIN"
                                + " IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN"
                                + " RETURN; END IF;"
                                + " IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN"
                                + " IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN"
                                + " CREATE EXTENSION pg_trgm SCHEMA public; ELSE CREATE EXTENSION pg_trgm; END IF;"
                                + " END IF;"
                                + " SELECT extnamespace::regnamespace::text INTO s FROM pg_extension"
                                + " WHERE extname = 'pg_trgm';"
                                + " EXECUTE format($i$"
                                + index(name + "_trgm", objects, "USING gin ((" + text + ") %s.gin_trgm_ops)")
                                + "$i$, s); END $do$",
                        index(name + "_jsontype", objects, "(jsonb_typeof" + value + ")"));
        };
    }

    /**
     * {@inheritDoc}
     *
     * <p>On PostgreSQL, by the field's declared type (an array's by its items' type), once per field
     * name across the types: numbers ({@code number}, {@code integer}) and dates ({@code date},
     * {@code datetime}) as {@link FieldKind#NUMBER} and {@link FieldKind#DATE}; short strings
     * ({@code string}) as {@link FieldKind#TEXT} for substring and pattern filters (a trigram index when
     * the server has {@code pg_trgm}); enums and booleans need nothing beyond the layout's GIN
     * {@code jsonb_path_ops}; long {@code text} is for full text ({@link PostgresDialect#withFullText}). And one index
     * for newest first across types: the scope columns, then {@code updated_at}.
     */
    @Override
    public List<String> schemaIndexes(StoreMapping mapping, io.quarry.schema.Schema schema) {
        java.util.Map<String, FieldKind> kinds = new java.util.TreeMap<>();
        for (io.quarry.schema.EntityType type : schema.types()) {
            for (io.quarry.schema.Field field : type.fields()) {
                io.quarry.schema.FieldType t =
                        field.type() == io.quarry.schema.FieldType.ARRAY ? field.items() : field.type();
                FieldKind kind = t == null
                        ? null
                        : switch (t) {
                            case NUMBER, INTEGER -> FieldKind.NUMBER;
                            case DATE, DATETIME -> FieldKind.DATE;
                            case STRING -> FieldKind.TEXT;
                            default -> null;
                        };
                if (kind != null) {
                    kinds.putIfAbsent(field.name(), kind);
                }
            }
        }
        List<String> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        kinds.forEach((field, kind) -> {
            for (String s : fieldIndexes(mapping, field, kind)) {
                if (seen.add(s)) {
                    out.add(s);
                }
            }
        });
        List<String> newest = new ArrayList<>(mapping.scopeColumns());
        newest.add(mapping.updatedAt());
        StringBuilder columns = new StringBuilder("(");
        for (int i = 0; i < newest.size(); i++) {
            columns.append(i == 0 ? "" : ", ").append(quote(newest.get(i)));
        }
        out.add(index(
                mapping.objectsTable() + "_newest",
                mapping.objectsTable(),
                columns.append(")").toString()));
        return out;
    }

    private String index(String name, String table, String definition) {
        return GraphDdl.createIndex(PostgresDdl::quote, name, table, definition);
    }

    /**
     * A helper's statement that calls another helper as {@code @SCHEMA@.name}: a DO block that names
     * there the schema the function is created in, the first of the search path that exists (without
     * one, the CREATE fails with PostgreSQL's own "no schema has been selected"). Planning inlines a
     * SQL function's body by its text under the session's search path, and PL/pgSQL looks names up when
     * it runs, so an unqualified call fails in a session without the layout's schema on its path.
     */
    private static String qualified(String statement) {
        if (!statement.contains(SCHEMA_PLACEHOLDER)) {
            return statement;
        }
        if (statement.contains("$quarry_ddl$")) {
            throw new IllegalStateException("a helper holds the DO block's quote: " + statement);
        }
        return "DO $quarry_do$ BEGIN EXECUTE replace($quarry_ddl$" + statement + "$quarry_ddl$, '" + SCHEMA_PLACEHOLDER
                + "', coalesce(quote_ident(current_schema()) || '.', '')); END $quarry_do$";
    }

    /** The helper functions' statements, with the double range's exact bounds. */
    private static List<String> functions() {
        String text;
        try (InputStream in = PostgresDdl.class.getResourceAsStream(FUNCTIONS_RESOURCE)) {
            text = new String(requireNonNull(in, FUNCTIONS_RESOURCE).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String overflow = new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970))).toPlainString();
        String underflow =
                new BigDecimal(Double.MIN_VALUE).multiply(new BigDecimal("0.5")).toPlainString();
        text = text.replace("@OVERFLOW@", overflow).replace("@UNDERFLOW@", underflow);
        List<String> statements = new ArrayList<>();
        for (String block : text.split("\n;;\n")) {
            StringBuilder sql = new StringBuilder();
            for (String line : block.split("\n")) {
                if (!line.startsWith("--")) {
                    sql.append(line).append('\n');
                }
            }
            if (!sql.toString().isBlank()) {
                statements.add(qualified(sql.toString().strip()));
            }
        }
        return statements;
    }
}
