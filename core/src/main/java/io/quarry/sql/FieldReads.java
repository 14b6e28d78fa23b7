package io.quarry.sql;

import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.IsoDateTime;
import io.quarry.schema.EntityType;
import io.quarry.schema.FieldType;
import io.quarry.sql.SqlCompiler.Columns;
import io.quarry.store.SortKey;
import java.util.List;

/**
 * How the fields of one relation are read: what a filter condition on a path reads ({@link
 * #reading}) and what a sort key orders by ({@link #order}). A layout describes its relation with
 * one of the two implementations, and the compiler's writers ({@link FilterWriter}, {@link
 * SortWriter}) never ask which layout they write for: the graph layout's objects table ({@link
 * Document}: a JSON document and the system columns) or one type table of the table layout ({@link
 * Table}: the host's own columns).
 */
sealed interface FieldReads permits FieldReads.Document, FieldReads.Table {

    /** What a condition on {@code path} reads. */
    Reading reading(FieldPath path);

    /** The ORDER BY parts of a sort key, in {@link io.quarry.store.ObjectOrder}'s order. */
    List<SortWriter.OrderPart> order(SortKey key, SortWriter parts);

    /**
     * The JSON document whose top-level equalities the dialect may write as one test ({@link
     * Dialect#propertyEqualities}), or {@code null} when fields are columns of their own.
     */
    String equalitiesDocument();

    /** Whether the relation's type declares this path a scalar: a top-level field that is no array or object. */
    boolean declaredScalar(FieldPath path);

    /** The column that orders rows last and breaks every tie, qualified, when the relation has one text id column. */
    String idColumn();

    /**
     * The target of a field and, when it reads a nullable column, that column: SQL {@code NULL} there
     * is a missing field, so the condition is decided for {@code NULL} with the evaluator and the
     * target (two-valued on a present value) runs only on the other rows.
     */
    record Reading(Target target, String nullable) {
        static Reading of(Target target) {
            return new Reading(target, null);
        }
    }

    /** The graph layout's objects: the mapping's columns, for a filter validated for {@code type} (or {@code null}). */
    static FieldReads document(Dialect dialect, Columns columns, EntityType type) {
        return new Document(dialect, columns, type);
    }

    /** One type table of the table layout under {@code alias} (or unqualified when {@code null}). */
    static FieldReads table(Dialect dialect, String alias, TableLayout.TypeTable table) {
        return new Table(dialect, alias, table);
    }

    /** A JSON document column with the system columns beside it: the graph layout's objects table. */
    final class Document implements FieldReads {
        private final Dialect dialect;
        private final Columns columns;
        private final EntityType type;

        Document(Dialect dialect, Columns columns, EntityType type) {
            this.dialect = dialect;
            this.columns = columns;
            this.type = type;
        }

        @Override
        public Reading reading(FieldPath path) {
            if (!path.system()) {
                return Reading.of(
                        new PropertyTarget(dialect, column(columns.document()), path.segments(), declaredScalar(path)));
            }
            String name = path.head();
            String col = system(name);
            return Reading.of(
                    name.endsWith("_at")
                            ? new ColumnTargets.Timestamp(dialect, col, null)
                            : new ColumnTargets.Text(dialect, col));
        }

        @Override
        public List<SortWriter.OrderPart> order(SortKey key, SortWriter parts) {
            FieldPath path = key.field();
            if (!path.system()) {
                return parts.jsonParts(column(columns.document()), path.segments());
            }
            String col = system(path.head());
            return path.head().endsWith("_at") ? parts.timestampParts(col) : parts.textParts(col);
        }

        @Override
        public String equalitiesDocument() {
            return column(columns.document());
        }

        @Override
        public boolean declaredScalar(FieldPath path) {
            if (type == null || type.schemaless() || path.segments().size() != 1) {
                return false;
            }
            return type.field(path.head())
                    .map(f -> f.type() != FieldType.ARRAY && f.type() != FieldType.OBJECT)
                    .orElse(false);
        }

        @Override
        public String idColumn() {
            return column(columns.id());
        }

        /** The column of a system field, qualified. */
        private String system(String name) {
            String col =
                    switch (name) {
                        case "id" -> columns.id();
                        case "type" -> columns.type();
                        case "created_at" -> columns.createdAt();
                        default -> columns.updatedAt();
                    };
            if (col == null) {
                throw new IllegalArgumentException(
                        "the filter names the system field '" + name + "' but no column is mapped to it");
            }
            return column(col);
        }

        private String column(String name) {
            return SqlCompiler.column(dialect, columns, name);
        }
    }

    /** A type table of the table layout: a column per field, a JSON column for the rest, the key as the id. */
    final class Table implements FieldReads {
        private final Dialect dialect;
        private final String alias;
        private final TableLayout.TypeTable table;

        Table(Dialect dialect, String alias, TableLayout.TypeTable table) {
            this.dialect = dialect;
            this.alias = alias;
            this.table = table;
        }

        @Override
        public Reading reading(FieldPath path) {
            String name = path.head();
            if (path.system()) {
                return switch (name) {
                    case "id" ->
                        Reading.of(
                                textKey()
                                        ? new ColumnTargets.Text(
                                                dialect,
                                                column(table.key().columns().get(0)))
                                        : new ColumnTargets.Key(dialect, table, alias));
                    case "type" -> Reading.of(new ColumnTargets.Constant(table.type()));
                    default -> {
                        // no column: the type keeps no such timestamp, a missing field; NULL in it is missing too
                        String col = table.timestampColumn(name);
                        if (col == null) {
                            yield Reading.of(new ColumnTargets.Missing());
                        }
                        String instant = SqlCompiler.instantColumn(dialect, column(col), table.timestampType(name));
                        yield new Reading(new ColumnTargets.Timestamp(dialect, instant, null), instant);
                    }
                };
            }
            List<String> segments = path.segments();
            TableLayout.FieldColumn field = table.fields().get(name);
            if (field == null) {
                if (table.rest() == null) {
                    return Reading.of(new ColumnTargets.Missing());
                }
                String rest = column(table.rest());
                return new Reading(new PropertyTarget(dialect, rest, segments), rest);
            }
            String col = fieldColumn(field);
            if (field.type() != TableLayout.ColumnType.JSON && segments.size() > 1) {
                return Reading.of(new ColumnTargets.Missing()); // a scalar has no members
            }
            if (field.type().instant()) {
                String instant = SqlCompiler.instantColumn(dialect, col, field.type());
                return new Reading(new ColumnTargets.Timestamp(dialect, instant, name), instant);
            }
            return new Reading(
                    switch (field.type()) {
                        case JSON -> new PropertyTarget(dialect, col, SqlCompiler.jsonPath(field, segments));
                        case TIMESTAMP, TIMESTAMP_TEXT, EPOCH_SECONDS, EPOCH_MILLIS -> throw new AssertionError(name);
                        case DATE -> new ColumnTargets.Date(dialect, col, name);
                        case TEXT, NUMBER, BOOLEAN ->
                            new ColumnTargets.Scalar(dialect, col, field.type(), field.singlePrecision());
                    },
                    col);
        }

        @Override
        public List<SortWriter.OrderPart> order(SortKey key, SortWriter parts) {
            FieldPath path = key.field();
            String name = path.head();
            if (path.system()) {
                if (name.equals("type")) {
                    return List.of(SortWriter.constantPart(key, table.type()));
                }
                if (name.endsWith("_at")) {
                    String col = table.timestampColumn(name);
                    // no column: missing on every row of the table, so after every row that has one
                    return col == null
                            ? List.of(SortWriter.constantPart(key, null))
                            : SortWriter.scalarParts(
                                    SqlCompiler.instantColumn(dialect, column(col), table.timestampType(name)),
                                    1,
                                    parts::timestamp);
                }
                return parts.textParts(column(table.key().columns().get(0)));
            }
            List<String> segments = path.segments();
            TableLayout.FieldColumn field = table.fields().get(name);
            if (field == null) {
                return table.rest() == null
                        ? List.of(SortWriter.constantPart(key, null))
                        : parts.jsonParts(column(table.rest()), segments);
            }
            String col = fieldColumn(field);
            if (field.type() != TableLayout.ColumnType.JSON && segments.size() > 1) {
                return List.of(SortWriter.constantPart(key, null)); // a scalar has no members
            }
            return switch (field.type()) {
                case JSON -> parts.jsonParts(col, SqlCompiler.jsonPath(field, segments));
                case TEXT -> parts.jsonParts(dialect.scalarDocument(col), List.of("v"));
                case NUMBER ->
                    SortWriter.scalarParts(
                            col, 0, v -> FilterEvaluator.numberOf(v).orElse(null));
                case TIMESTAMP, TIMESTAMP_TEXT, EPOCH_SECONDS, EPOCH_MILLIS ->
                    SortWriter.scalarParts(SqlCompiler.instantColumn(dialect, col, field.type()), 1, parts::timestamp);
                case DATE ->
                    SortWriter.scalarParts(dialect.dateColumn(col), 1, v -> IsoDateTime.localDate(v.textValue())
                            .<Object>map(dialect::date)
                            .orElse(null));
                case BOOLEAN -> SortWriter.scalarParts(col, 3, com.fasterxml.jackson.databind.JsonNode::booleanValue);
            };
        }

        @Override
        public String equalitiesDocument() {
            return null;
        }

        @Override
        public boolean declaredScalar(FieldPath path) {
            return false;
        }

        @Override
        public String idColumn() {
            return column(table.key().columns().get(0));
        }

        /** Whether the table's ids are its one text key column, unqualified. */
        private boolean textKey() {
            return !table.key().qualified() && table.key().types().equals(List.of(TableLayout.KeyType.TEXT));
        }

        private String column(String name) {
            return SqlCompiler.column(dialect, alias, name);
        }

        /** A field's column, qualified; as text ({@link Dialect#asText}) when its SQL type is not text. */
        private String fieldColumn(TableLayout.FieldColumn field) {
            String col = column(field.column());
            return field.asText() ? dialect.asText(col) : col;
        }
    }
}
