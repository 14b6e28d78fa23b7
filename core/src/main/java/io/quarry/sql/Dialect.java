package io.quarry.sql;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * What varies between databases, in small methods the {@link SqlCompiler} calls without ever asking
 * which database it talks to. Values reach the SQL only through {@link SqlWriter#bind(Object)};
 * identifiers only through {@link #quoteIdentifier(String)}, after validation.
 *
 * <p>A dialect's work is split by role, so that "how is {@code $regex} written" and "which indexes
 * get created" are answered in different files:
 *
 * <ul>
 *   <li>the expressions, on this interface: predicates, sort keys, binds and the values read back;
 *   <li>{@link #session()}, a {@link JdbcSession}: how a read runs on a connection (read-only, the
 *       statement timeout, which errors mean a timeout);
 *   <li>{@link #ddl()}, a {@link LayoutDdl}: the graph layout's tables, the helper functions and the
 *       index advice;
 *   <li>{@link #forStore}: the catalog probe, this dialect as it reads one store's database.
 * </ul>
 *
 * A new database writes the abstract methods (where behaviour must be chosen) and inherits the
 * defaults (where every database so far writes the same SQL, or the capability is optional).
 *
 * <p>JSON paths are lists of names that already passed the filter language's naming rule. Every
 * predicate a dialect writes is two-valued: it is true or false, never SQL NULL, so {@code NOT}
 * means "does not match".
 */
public interface Dialect {

    /** A short name, such as {@code h2} or {@code postgres}; also the suffix of golden files. */
    String name();

    /** Quotes an identifier (table or column name) that matches {@link io.quarry.schema.Names#SQL_NAME}. */
    String quoteIdentifier(String identifier);

    /** Writes: some element of the JSON value at {@code path} of {@code document} passes the test (an array's elements, or the value itself). */
    void anyElement(SqlWriter w, String document, List<String> path, ElementTest test);

    /**
     * Writes: some element passes {@code lower} (a {@code $gt}/{@code $gte} test) and some element
     * passes {@code upper} ({@code $lt}/{@code $lte}, of the same kind), as one range test; or writes
     * nothing and returns {@code false}, and the compiler writes the two tests apart.
     */
    default boolean anyElementBetween(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper) {
        return false;
    }

    /**
     * Writes what {@link #anyElementBetween} writes, where the schema declares the value a scalar (as
     * {@link #anyScalar}): a dialect may leave out what only an array could match. The default is
     * {@link #anyElementBetween}.
     */
    default boolean anyScalarBetween(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper) {
        return anyElementBetween(w, document, path, lower, upper);
    }

    /**
     * Writes what {@link #anyElement} writes, where the schema declares the value a scalar (a declared
     * field of a type with fields, not an array): a dialect may leave out what only an array could
     * match. The default is {@link #anyElement}.
     */
    default void anyScalar(SqlWriter w, String document, List<String> path, ElementTest test) {
        anyElement(w, document, path, test);
    }

    /**
     * Writes: some element of the JSON value at {@code path} equals one of {@code values} as a number
     * (a JSON number or a numeric string, as {@link ElementTest.NumberCompare} with {@code $eq}), as
     * one test; or writes nothing and returns {@code false}, and the compiler writes one equality per
     * value. For {@code $in} with many numbers: one index probe instead of one per value.
     */
    default boolean anyElementIn(SqlWriter w, String document, List<String> path, List<java.math.BigDecimal> values) {
        return false;
    }

    /**
     * Writes what {@link #anyElementIn} writes, where the schema declares the value a scalar (as {@link
     * #anyScalar}). The default is {@link #anyElementIn}.
     */
    default boolean anyScalarIn(SqlWriter w, String document, List<String> path, List<java.math.BigDecimal> values) {
        return anyElementIn(w, document, path, values);
    }

    /**
     * Writes, as one test on the document, a conjunction of groups, each a disjunction of "some element
     * of the top-level property equals this string or boolean" ({@link ElementTest.StringEquals},
     * {@link ElementTest.BooleanEquals}, NUL-free); or writes nothing and returns {@code false}, and
     * the compiler writes each equality apart. One test lets one index scan answer them all.
     */
    default boolean propertyEqualities(
            SqlWriter w, String document, List<List<java.util.Map.Entry<String, ElementTest>>> groups) {
        return false;
    }

    /**
     * As {@link #propertyEqualities(SqlWriter, String, List)}, told whether the schema declares every
     * property named a scalar ({@code scalars}), so that a dialect may leave out what only an array
     * could match. The default ignores it.
     */
    default boolean propertyEqualities(
            SqlWriter w,
            String document,
            List<List<java.util.Map.Entry<String, ElementTest>>> groups,
            boolean scalars) {
        return propertyEqualities(w, document, groups);
    }

    /**
     * This dialect as it reads the store of {@code mapping} on {@code dataSource}: the store asks once,
     * at its first read (and again after it created its layout), and compiles with the answer. A
     * dialect may read the database's catalog here, such as MariaDB's generated columns of {@link
     * LayoutDdl#schemaIndexes}; it must answer correctly without them. Default: this dialect, without reading.
     */
    default Dialect forStore(StoreMapping mapping, javax.sql.DataSource dataSource) {
        return this;
    }

    /**
     * Writes the {@code FROM} item of the graph layout's objects table for a statement whose filter has
     * {@code test} on the top-level property {@code field} as a conjunct, when an index answers that
     * test without reading the rows: a derived table of the ids of the objects that may pass it (a
     * superset: the {@code WHERE} still tests every row), restricted by {@code restriction} (a condition
     * the layout wrote on the alias {@code candidate}: the statement's types and scope), read first,
     * then the objects table under {@code alias} by primary key. Or writes nothing and returns {@code
     * false}, and the statement reads the objects table under {@code alias} alone. Default: nothing.
     */
    default boolean candidateObjects(
            SqlWriter w,
            StoreMapping mapping,
            String alias,
            String field,
            ElementTest test,
            String candidate,
            Sql restriction) {
        return false;
    }

    /** Writes: the JSON value at {@code path} is present (JSON null counts). */
    void exists(SqlWriter w, String document, List<String> path);

    /**
     * Whether the database's text can hold U+0000 (NUL). When it cannot (PostgreSQL), a load refuses
     * data with NUL, and a value with NUL in a query is written as what it is on NUL-free data: it
     * equals and contains nothing, and a comparison with it is the comparison with the text before the
     * NUL (see {@link SqlCompiler#storable} and docs/sql.md). The default: it can.
     */
    default boolean storesNul() {
        return true;
    }

    /** Writes: the JSON value at {@code path} is an array of exactly {@code size} elements. */
    void arraySize(SqlWriter w, String document, List<String> path, int size);

    /** Writes: the JSON value at {@code path} is an array, and each test is passed by some element. */
    void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests);

    /** Writes: some top-level property value (or element of an array property) passes the test. */
    void anyProperty(SqlWriter w, String document, ElementTest test);

    /** Writes a test on a text column (a system field such as {@code id} or {@code type}). */
    void textColumn(SqlWriter w, String column, ElementTest test);

    /**
     * Writes the value of the top-level property {@code field} of a JSON {@code document} as a column
     * of {@code run_readonly_sql}'s relations over the graph layout: a number for {@code number} and
     * {@code integer} fields, a boolean for {@code boolean} fields (SQL {@code NULL} when the value is
     * not of that kind), otherwise text (a string's text, the JSON text of any other value). A missing
     * property and JSON null are SQL {@code NULL}. The field name reaches the SQL only as a bind.
     */
    void fieldValue(SqlWriter w, String document, String field, io.quarry.schema.FieldType type);

    /** Writes the sort-key part of the JSON value at {@code path}; NULL when the part does not apply. */
    void sortKey(SqlWriter w, String document, List<String> path, SortPart part);

    /**
     * A column of a non-text SQL type (an enum, a uuid, a time…) as text, so that text binds compare
     * with it and text sort keys order it: the column itself by default, where the database converts
     * such a column to text implicitly; PostgreSQL casts ({@code ::text}).
     */
    default String asText(String column) {
        return column;
    }

    /** Writes the sort key of a text column, ordering by code point. */
    void textColumnSortKey(SqlWriter w, String column);

    /**
     * The value to bind for a cursor's text-column sort key, matching {@link #textColumnSortKey}: the
     * text itself by default, for a sort key that is the column's text in code-point order.
     */
    default Object textColumnSortValue(String value) {
        return value;
    }

    /** The value to bind for a cursor's sort-key part, matching what {@link #sortKey} computes. */
    Object sortValue(SortPart part, JsonNode value);

    /**
     * The bind value for a uuid compared with a uuid key column: the canonical lower-case text by
     * default (a uuid kept in a text column); the dialects with a {@code UUID} type bind the uuid.
     */
    default Object uuid(java.util.UUID uuid) {
        return uuid.toString();
    }

    /**
     * The bind value for an instant compared with a timestamp column: by default an {@link
     * OffsetDateTime} in UTC, JDBC 4.2's type for {@code TIMESTAMP WITH TIME ZONE}.
     */
    default Object timestamp(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    /**
     * The expression a {@code date} column of the table layout is compared and sorted by: the column
     * itself where the database has a {@code DATE} type.
     */
    default String dateColumn(String column) {
        return column;
    }

    /** The bind value for a day compared with {@link #dateColumn}. */
    default Object date(java.time.LocalDate day) {
        return day;
    }

    /**
     * The expression that reads a table-layout column holding instants in {@code form} as this dialect's
     * timestamp column holds them (what {@link #timestamp} binds and {@link #readTimestamp} reads): the
     * column itself for {@link TableLayout.ColumnType#TIMESTAMP}; empty for a form this
     * dialect does not read.
     */
    default java.util.Optional<String> instantColumn(String column, TableLayout.ColumnType form) {
        return form == TableLayout.ColumnType.TIMESTAMP ? java.util.Optional.of(column) : java.util.Optional.empty();
    }

    /** Reads an instant from a timestamp column: by default as the {@link #timestamp} type it binds. */
    default Instant readTimestamp(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    /** Reads a JSON document column as text: the column's string by default. */
    default String readJson(ResultSet rs, int column) throws SQLException {
        return rs.getString(column);
    }

    /** Writes the bind for a JSON document being stored: the JSON text as a string by default. */
    default void jsonValue(SqlWriter w, String json) {
        w.bind(json);
    }

    /** Writes {@code LIMIT n}, the count bound: {@code  LIMIT ?} by default. */
    default void limit(SqlWriter w, int n) {
        w.append(" LIMIT ").bind(n);
    }

    /**
     * Writes the negation of the condition {@code condition} writes: by default {@code NOT (…)}, exact
     * for this dialect's conditions, which are two-valued. A dialect whose conditions may be
     * {@code NULL} where they mean false writes one that negates {@code NULL} to true.
     */
    default void not(SqlWriter w, java.util.function.Consumer<SqlWriter> condition) {
        w.append("NOT (");
        condition.accept(w);
        w.append(")");
    }

    /**
     * Writes the database's own full-text condition on the objects table under {@code alias} for the
     * {@code query} text, and returns {@code true}; or writes nothing and returns {@code false}, and
     * the compiler writes the fallback of decision 13 (every word as a case-insensitive substring).
     *
     * <p>The condition finds the words in the string values of {@code fields} of the document column
     * {@code document} (quoted, qualified) only, or in all its string values when {@code fields} is
     * empty: a hidden field must not decide which objects a text finds. An index over every string
     * value may serve as the prefilter, rechecked over the fields.
     */
    default boolean fullText(SqlWriter w, String alias, String document, String text, List<FieldPath> fields) {
        return false;
    }

    /**
     * A numeric column of the table layout compared with a number: {@code (column op ?)} by default,
     * true, false or unknown exactly as SQL's comparison of the two numbers.
     */
    default void compareNumberColumn(SqlWriter w, String column, CompareOp op, BigDecimal value) {
        w.append("(").append(column).comparison(op, value).append(")");
    }

    /**
     * A JSON document expression {@code {"v": column}} holding a text column's value (JSON null for
     * SQL {@code NULL}), so the JSON sort keys order the column's values as the evaluator does
     * (numeric strings as numbers, date-times by instant). The default is {@code JSON_OBJECT('v', c)}.
     */
    default String scalarDocument(String column) {
        return "JSON_OBJECT('v', " + column + ")";
    }

    /**
     * How a read runs on this database's connections: read-only, the statement timeout, and which
     * errors mean it ran out of time.
     */
    JdbcSession session();

    /** The statements that create this dialect's graph layout and helper functions, and its index advice. */
    LayoutDdl ddl();
}
