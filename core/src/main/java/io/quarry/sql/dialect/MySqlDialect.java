package io.quarry.sql.dialect;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FieldPath;
import io.quarry.filter.MatchOp;
import io.quarry.regex.PcrePrinter;
import io.quarry.regex.Regex;
import io.quarry.sql.Dialect;
import io.quarry.sql.ElementTest;
import io.quarry.sql.JdbcSession;
import io.quarry.sql.LayoutDdl;
import io.quarry.sql.SortPart;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.functions.QuarryFunctions;
import io.quarry.store.ObjectOrder;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * MariaDB 10.6+ ({@link #mariadb()}) and MySQL 8.0.29+ ({@link #mysql()}), with the properties in a
 * JSON column (MariaDB: {@code LONGTEXT} checked by {@code JSON_VALID}; MySQL: the binary JSON type).
 *
 * <p>Every element test runs over {@code JSON_TABLE}, so an array's elements are tested one by one;
 * strings compare under a binary no-pad collation (code-point order, trailing spaces significant);
 * plain decimals compare as {@code DECIMAL(65,30)} and canonical UTC date-times as text, inline;
 * other numbers and date-times through two SQL functions the layout's DDL installs, which return an
 * exact, order-preserving key or {@code NULL}. Nothing is cast that could warn: {@code "high"} is no
 * number, never a silent 0. Patterns run on the database's engine after translation of the portable
 * subset into explicit classes; see {@code docs/sql.md} for why that is safe.
 */
public final class MySqlDialect implements Dialect {
    /** The number-key function: an exact, order-preserving text key of a number or numeric string. */
    static final String NUMBER_KEY = "quarry_num_v1";

    /** The instant function: epoch microseconds of an ISO-8601 date-time string. */
    static final String INSTANT_KEY = "quarry_instant_v1";

    /** A plain decimal, exact in {@code DECIMAL(65,30)}; {@code #} marks the end, which {@code $} alone does not. */
    static final String PLAIN_DECIMAL = "'(?-imsx)^-?[0-9]{1,30}(?:[.][0-9]{1,30})?#$'";

    /** A date, or a UTC date-time at whole seconds, in the canonical form; see {@link #PLAIN_DECIMAL}. */
    static final String UTC_SECONDS = "'(?-imsx)^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)?#$'";

    /**
     * A numeric literal, {@link io.quarry.internal.NumericLiteral}'s grammar; the white space (space,
     * tab, newline, carriage return) comes from {@code CHAR}, so the SQL holds neither control
     * characters nor backslashes.
     */
    static final String NUMERIC = "CONCAT('(?-imsx)^[ ', CHAR(9, 10, 13 USING utf8mb4),"
            + " ']*[+-]?(?:[0-9]+(?:[.][0-9]*)?|[.][0-9]+)(?:[eE][+-]?[0-9]+)?[ ', CHAR(9, 10, 13 USING utf8mb4),"
            + " ']*#$')";

    /** What a date-time starts with: only such values need the instant function. */
    static final String DATE_START = "'(?-imsx)^[0-9]{4}-[0-9]{2}-[0-9]{2}'";

    private static final JdbcSession MARIADB_SESSION = new MySqlSession(true);
    private static final JdbcSession MYSQL_SESSION = new MySqlSession(false);

    private final boolean mariadb;

    /** The store's {@linkplain GeneratedColumns generated columns} by {@link GeneratedColumns#key}; empty: none. */
    private final java.util.Map<String, String> generated;

    /** The quoted properties column the generated columns belong to, or {@code null} without any. */
    private final String properties;

    /** The indexes led by a generated column: index name by column name; empty: none known. */
    private final java.util.Map<String, String> indexes;

    /** The full-text column ({@link #withFullText}), or {@code null}: {@code query} runs as the fallback. */
    private final String fullTextColumn;

    /** Which words the server's full-text index holds: InnoDB's defaults until {@link #forStore} reads them. */
    private final InnoDbFullText.Vocabulary vocabulary;

    private MySqlDialect(boolean mariadb) {
        this(mariadb, java.util.Map.of(), null, java.util.Map.of(), null, InnoDbFullText.Vocabulary.DEFAULT);
    }

    private MySqlDialect(
            boolean mariadb,
            java.util.Map<String, String> generated,
            String properties,
            java.util.Map<String, String> indexes,
            String fullTextColumn,
            InnoDbFullText.Vocabulary vocabulary) {
        this.mariadb = mariadb;
        this.generated = java.util.Map.copyOf(generated);
        this.properties = properties;
        this.indexes = java.util.Map.copyOf(indexes);
        this.fullTextColumn = fullTextColumn;
        this.vocabulary = vocabulary;
    }

    /**
     * This MariaDB dialect with full text: the layout adds a {@code STORED} generated column {@code
     * column} of the document's string values with a {@code FULLTEXT} index, and {@code query} runs as
     * {@code MATCH(column) AGAINST (? IN BOOLEAN MODE)} with every word required (whole words, case-
     * and accent-insensitive, not substrings: see docs/sql.md).
     *
     * @param column the full-text column, created by the layout
     * @throws IllegalArgumentException on MySQL, or when the name breaks the naming rule
     */
    public MySqlDialect withFullText(String column) {
        if (!mariadb) {
            throw new IllegalArgumentException(
                    "MySqlDialect.withFullText: full text needs MariaDB; use MySqlDialect.mariadb().withFullText(...)");
        }
        if (!io.quarry.schema.Names.isIdentifier(java.util.Objects.requireNonNull(column, "column"))) {
            throw new IllegalArgumentException("MySqlDialect.withFullText: '" + column
                    + "' is not a valid name; names must match " + io.quarry.schema.Names.IDENTIFIER.pattern());
        }
        return new MySqlDialect(mariadb, generated, properties, indexes, column, vocabulary);
    }

    /**
     * This dialect reading the generated columns {@code columns} (by {@link GeneratedColumns#key}) of
     * the objects table of {@code mapping}; for {@link #forStore} and tests.
     */
    MySqlDialect withGeneratedColumns(StoreMapping mapping, java.util.Map<String, String> columns) {
        return withGeneratedColumns(mapping, columns, java.util.Map.of());
    }

    /**
     * This dialect reading the generated columns {@code columns} (by {@link GeneratedColumns#key}) of
     * the objects table of {@code mapping}, and knowing the indexes led by them ({@code indexes}: index
     * name by column name); for {@link #forStore} and tests.
     */
    MySqlDialect withGeneratedColumns(
            StoreMapping mapping, java.util.Map<String, String> columns, java.util.Map<String, String> indexes) {
        return new MySqlDialect(
                mariadb,
                columns,
                columns.isEmpty() ? null : quoteIdentifier(mapping.properties()),
                columns.isEmpty() ? java.util.Map.of() : indexes,
                fullTextColumn,
                vocabulary);
    }

    /**
     * {@inheritDoc}
     *
     * <p>MariaDB: reads once which of {@link LayoutDdl#schemaIndexes}' generated columns the objects table has
     * (their comments in {@code information_schema.COLUMNS}) and returns a dialect that names them in
     * its equality and comparison tests of those fields; without any, or when the catalog cannot be
     * read, this dialect (the JSON path gives the same answers, without the indexes). With {@link
     * #withFullText}, also the server's full-text token sizes and stopword tables ({@link
     * InnoDbFullText.Vocabulary#read}), so that no required word is one the index lacks.
     */
    @Override
    public Dialect forStore(StoreMapping mapping, javax.sql.DataSource dataSource) {
        if (!mariadb || mapping.tables() != null) {
            return this;
        }
        java.util.Map<String, String> columns = GeneratedColumns.read(mapping, dataSource);
        java.util.Map<String, String> led = GeneratedColumns.readIndexes(mapping, dataSource, columns.values());
        InnoDbFullText.Vocabulary words =
                fullTextColumn == null ? vocabulary : InnoDbFullText.Vocabulary.read(dataSource);
        if (columns.equals(generated) && led.equals(indexes) && words.equals(vocabulary)) {
            return this;
        }
        return new MySqlDialect(
                mariadb,
                columns,
                columns.isEmpty() ? null : quoteIdentifier(mapping.properties()),
                led,
                fullTextColumn,
                words);
    }

    @Override
    public JdbcSession session() {
        return mariadb ? MARIADB_SESSION : MYSQL_SESSION;
    }

    /**
     * {@inheritDoc}
     *
     * <p>InnoDB tables in utf8mb4 with the binary no-pad collation, the number-key and instant
     * functions, the full-text column of {@link #withFullText}, and on MariaDB a generated column and
     * its index per declared field ({@link LayoutDdl#schemaIndexes}).
     */
    @Override
    public LayoutDdl ddl() {
        return new MySqlDdl(this, mariadb, fullTextColumn);
    }

    /** MariaDB 10.6 or later: JSON_TABLE, PCRE2 patterns, {@code max_statement_time} in seconds. */
    public static MySqlDialect mariadb() {
        return new MySqlDialect(true);
    }

    /** MySQL 8.0.29 or later: JSON_TABLE, ICU patterns, {@code max_execution_time} in milliseconds. */
    public static MySqlDialect mysql() {
        return new MySqlDialect(false);
    }

    @Override
    public String name() {
        return mariadb ? "mariadb" : "mysql";
    }

    /**
     * The characters of a text sort key that MariaDB compares (docs/sql.md): texts that agree on
     * their first 2,048 characters tie. Measured at 100,000 rows, four text keys and a page of 51:
     * a longer key costs the sort in proportion (8,192 bytes 0.9 s, 32,768 bytes 1.9 s, against
     * 0.36 s at the default 1,024), and past 16,384 bytes four keys no longer fit MariaDB's default
     * 2 MiB sort buffer ("Out of sort memory").
     */
    static final int SORTED_LENGTH = 2_048;

    /** The session's {@code max_sort_length} in a read ({@link MySqlSession}): {@link #SORTED_LENGTH} characters of three bytes and more. */
    static final int SORT_BYTES = 8_192;

    /** The binary collation without trailing-space padding: code-point order, {@code 'a' <> 'a '}. */
    String collation() {
        return mariadb ? "utf8mb4_nopad_bin" : "utf8mb4_0900_bin";
    }

    @Override
    public String quoteIdentifier(String identifier) {
        return Identifiers.quote(identifier, '`');
    }

    @Override
    public void anyElement(SqlWriter w, String document, List<String> path, ElementTest test) {
        String column = generatedColumn(document, path, test);
        if (column == null) {
            if (mariadb && path.size() == 1 && scalarFirst(test)) {
                scalarOrElements(w, document, path, test);
            } else {
                elements(w, document, path(path), test);
            }
            return;
        }
        if (test instanceof ElementTest.StringEquals t) {
            generatedEquals(w, column, document, path, t);
        } else {
            generatedRange(w, column, document, path, List.of(test));
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>With a generated column for the field: one range on the column; the rows that hold its
     * "other" value pass both tests in the document.
     */
    @Override
    public boolean anyElementBetween(
            SqlWriter w, String document, List<String> path, ElementTest lower, ElementTest upper) {
        String column = generatedColumn(document, path, lower);
        if (column == null || !column.equals(generatedColumn(document, path, upper))) {
            return false;
        }
        generatedRange(w, column, document, path, List.of(lower, upper));
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>MariaDB, for a match ({@code $contains}, {@code $startsWith}, {@code $endsWith}) on a field
     * with a string column and an index led by it: that index holds the column, the scope columns, the
     * type and the primary key, so {@code (SELECT i.id FROM objects i FORCE INDEX (ix) WHERE restriction
     * AND (i.c LIKE ? ESCAPE '!' OR CHAR_LENGTH(i.c) = 200)) i STRAIGHT_JOIN objects o ON o.id = i.id}
     * reads the index alone and then the candidates by primary key. A column shorter than its width
     * holds the whole string, so the pattern decides; one of the full width (a longer string's first
     * characters, or an array's marker) is a candidate, and the document decides in the {@code WHERE}.
     * The optimizer cannot estimate how few rows a pattern keeps: without the hint and the join order it
     * reads every object of the type and scope and tests the column, computed from the document.
     */
    @Override
    public boolean candidateObjects(
            SqlWriter w,
            StoreMapping mapping,
            String alias,
            String field,
            ElementTest test,
            String candidate,
            io.quarry.sql.Sql restriction) {
        if (!(test instanceof ElementTest.Match t)
                || mapping.tables() != null
                || !quoteIdentifier(mapping.properties()).equals(properties)) {
            return false;
        }
        String name = generated.get(GeneratedColumns.key(GeneratedColumns.Kind.STRING, field));
        String index = name == null ? null : indexes.get(name);
        if (index == null) {
            return false;
        }
        String table = quoteIdentifier(mapping.objectsTable());
        String id = quoteIdentifier(mapping.id());
        String c = quoteIdentifier(candidate);
        String column = c + "." + quoteIdentifier(name);
        w.append("(SELECT ")
                .append(c)
                .append(".")
                .append(id)
                .append(" FROM ")
                .append(table)
                .append(" ")
                .append(c)
                .append(" FORCE INDEX (")
                .append(quoteIdentifier(index))
                .append(") WHERE ")
                .append(restriction)
                .append(" AND (");
        if (t.ignoreCase()) {
            // as the document's test: the quoted literal as a case-folded pattern
            regexp(w, column, t.op().pattern(t.literal()), true);
        } else {
            w.append(column)
                    .append(" LIKE ")
                    .bind(likePattern(t.op(), t.literal()))
                    .append(" ESCAPE '!'");
        }
        w.append(" OR CHAR_LENGTH(")
                .append(column)
                .append(") = ")
                .append(String.valueOf(GeneratedColumns.STRING_LENGTH))
                .append(")) ")
                .append(c)
                .append(" STRAIGHT_JOIN ")
                .append(table)
                .append(" ")
                .append(quoteIdentifier(alias))
                .append(" ON ")
                .append(quoteIdentifier(alias))
                .append(".")
                .append(id)
                .append(" = ")
                .append(c)
                .append(".")
                .append(id);
        return true;
    }

    /**
     * The generated column (quoted, qualified as the document is) that holds the values {@code test}
     * reads at {@code path} of the store's properties column, or {@code null}: then the test reads the
     * document.
     */
    private String generatedColumn(String document, List<String> path, ElementTest test) {
        if (generated.isEmpty() || path.size() != 1) {
            return null;
        }
        String qualifier;
        if (document.equals(properties)) {
            qualifier = "";
        } else if (document.endsWith("." + properties)) {
            qualifier = document.substring(0, document.length() - properties.length());
        } else {
            return null;
        }
        GeneratedColumns.Kind kind;
        if (test instanceof ElementTest.StringEquals) {
            kind = GeneratedColumns.Kind.STRING;
        } else if (test instanceof ElementTest.NumberCompare) {
            kind = GeneratedColumns.Kind.NUMBER;
        } else if (test instanceof ElementTest.InstantCompare) {
            kind = GeneratedColumns.Kind.INSTANT;
        } else {
            return null;
        }
        String name = generated.get(GeneratedColumns.key(kind, path.get(0)));
        return name == null ? null : qualifier + quoteIdentifier(name);
    }

    /**
     * String equality on the string column: the column equals the value (a value shorter than the
     * column's width is held whole), or the column holds an array's marker or a value of the full width
     * and the document decides.
     */
    private void generatedEquals(
            SqlWriter w, String column, String document, List<String> path, ElementTest.StringEquals t) {
        String v = t.value();
        int length = v.codePointCount(0, v.length());
        if (length < GeneratedColumns.STRING_LENGTH) {
            w.append("(").append(column).append(" <=> ").bind(v).append(" OR (");
            w.append(column).append(" <=> ").bind(GeneratedColumns.STRING_ARRAY).append(" AND ");
            elements(w, document, path(path), t);
            w.append("))");
        } else {
            String prefix = v.substring(0, v.offsetByCodePoints(0, GeneratedColumns.STRING_LENGTH));
            w.append("((").append(column).append(" <=> ").bind(prefix).append(" OR ");
            w.append(column).append(" <=> ").bind(GeneratedColumns.STRING_ARRAY).append(") AND ");
            elements(w, document, path(path), t);
            w.append(")");
        }
    }

    /**
     * Number or instant comparisons (one, or a lower and an upper bound) on the number or instant
     * column: the column's regular values compare inline ({@link Narrowed}), the rows holding the
     * column's "other" value pass every test in the document. Two-valued: a {@code NULL} column is false.
     */
    private void generatedRange(
            SqlWriter w, String column, String document, List<String> path, List<ElementTest> tests) {
        boolean number = tests.get(0) instanceof ElementTest.NumberCompare;
        String other = number ? GeneratedColumns.NUMBER_OTHER : "''";
        List<Narrowed> narrowed = new ArrayList<>();
        boolean never = false;
        for (ElementTest test : tests) {
            Narrowed n = test instanceof ElementTest.NumberCompare c
                    ? Narrowed.decimal(c.op(), c.value())
                    : Narrowed.seconds(
                            ((ElementTest.InstantCompare) test).op(), ((ElementTest.InstantCompare) test).micros());
            never |= Boolean.FALSE.equals(n.constant());
            narrowed.add(n);
        }
        w.append("(");
        if (!never) {
            w.append("(").append(column).append(" > ").append(other);
            for (Narrowed n : narrowed) {
                if (n.constant() == null) {
                    w.append(" AND ").append(column).comparison(n.op(), n.operand());
                }
            }
            w.append(" AND ").append(column).append(" IS NOT NULL) OR ");
        }
        w.append("(").append(column).append(" <=> ").append(other);
        for (ElementTest test : tests) {
            w.append(" AND ");
            elements(w, document, path(path), test);
        }
        w.append("))");
    }

    @Override
    public void anyProperty(SqlWriter w, String document, ElementTest test) {
        elements(w, document, "$.*", test);
    }

    /** Whether a test is written {@linkplain #scalarOrElements scalar first} on a top-level property: string equality. */
    private static boolean scalarFirst(ElementTest test) {
        // equalities only: a number or date test is several JSON reads of the value, as many as the
        // correlated JSON_TABLE costs (a $in of 1,000 numbers took as long either way)
        // (MariaDB's JSON_VALUE reads true as '1', so booleans keep JSON_TABLE too)
        return test instanceof ElementTest.StringEquals;
    }

    /**
     * A string equality read with one {@code JSON_VALUE} on the usual row, and {@link
     * #elements} only when the value is no scalar: {@code CASE JSON_VALUE(doc, p) = ? WHEN 1 THEN
     * JSON_TYPE(x) = 'STRING' WHEN 0 THEN FALSE ELSE COALESCE(JSON_TYPE(x) = 'ARRAY' AND EXISTS (…
     * JSON_TABLE …), FALSE) END}. {@code JSON_VALUE} is {@code NULL} for a missing value, JSON null, an
     * array or an object; the type check keeps the string {@code "5"} apart from {@code 5} and {@code
     * "1"} apart from {@code true} (which MariaDB's {@code JSON_VALUE} reads as {@code 1}). The answers are {@link #elements}' for every value; a declared
     * scalar field is one {@code JSON_VALUE} per row, as the hand-written form reads it.
     */
    private void scalarOrElements(SqlWriter w, String document, List<String> path, ElementTest test) {
        String p = path(path);
        String x = "JSON_EXTRACT(" + document + ", '" + p + "')";
        String value = ((ElementTest.StringEquals) test).value();
        w.append("(CASE JSON_VALUE(")
                .append(document)
                .append(", '")
                .append(p)
                .append("') COLLATE ")
                .append(collation())
                .append(" = ")
                .bind(value)
                .append(" WHEN 1 THEN JSON_TYPE(")
                .append(x)
                .append(") = 'STRING'")
                .append(" WHEN 0 THEN FALSE ELSE COALESCE(JSON_TYPE(")
                .append(x)
                .append(") = 'ARRAY' AND ");
        elements(w, document, p, test);
        w.append(", FALSE) END)");
    }

    /**
     * {@code EXISTS} over the values at a JSON path, and over their elements when a value is an
     * array: the row path yields the value ({@code v}); the nested path its elements ({@code e}, one
     * {@code NULL} row for a scalar or an empty array; an element that is JSON null is the text
     * {@code null}, never SQL NULL).
     */
    private void elements(SqlWriter w, String document, String rowPath, ElementTest test) {
        w.append("EXISTS (SELECT 1 FROM JSON_TABLE(")
                .append(document)
                .append(", '")
                .append(rowPath)
                .append("' COLUMNS (`v` JSON PATH '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q`")
                .append(" WHERE ");
        // an array's element, else the value itself; an empty array stays itself and fails every test
        elementTest(w, "COALESCE(`q`.`e`, `q`.`v`)", test);
        w.append(")");
    }

    @Override
    public void exists(SqlWriter w, String document, List<String> path) {
        w.append("(JSON_CONTAINS_PATH(")
                .append(document)
                .append(", 'one', '")
                .append(path(path))
                .append("') <=> 1)");
    }

    @Override
    public void arraySize(SqlWriter w, String document, List<String> path, int size) {
        String value = "JSON_EXTRACT(" + document + ", '" + path(path) + "')";
        w.append("(JSON_TYPE(")
                .append(value)
                .append(") <=> 'ARRAY' AND JSON_LENGTH(")
                .append(value)
                .append(") <=> ")
                .bind(size)
                .append(")");
    }

    @Override
    public void allElements(SqlWriter w, String document, List<String> path, List<ElementTest> tests) {
        w.append("(JSON_TYPE(JSON_EXTRACT(")
                .append(document)
                .append(", '")
                .append(path(path))
                .append("')) <=> 'ARRAY'");
        for (ElementTest test : tests) {
            w.append(" AND ");
            elements(w, document, path(path), test); // an array: neither a column nor the scalar form helps
        }
        w.append(")");
    }

    @Override
    public void textColumn(SqlWriter w, String column, ElementTest test) {
        w.append("(");
        test.accept(new TestWriter(w, "JSON_QUOTE(" + column + ")", binaryText(column)));
        w.append(" <=> 1)");
    }

    /** Writes a test on one JSON value (raw JSON text); true only when it passes, else false or NULL. */
    private void elementTest(SqlWriter w, String json, ElementTest test) {
        test.accept(new TestWriter(w, json, "JSON_UNQUOTE(" + json + ") COLLATE " + collation()));
    }

    /** Renders element tests on a raw JSON value {@code json} whose string value is {@code text}. */
    private final class TestWriter implements ElementTest.Visitor<Void> {
        private final SqlWriter w;
        private final String json;
        private final String text;

        TestWriter(SqlWriter w, String json, String text) {
            this.w = w;
            this.json = json;
            this.text = text;
        }

        private SqlWriter string() {
            return w.append("(JSON_TYPE(").append(json).append(") = 'STRING' AND ");
        }

        @Override
        public Void stringEquals(ElementTest.StringEquals t) {
            string().append(text).append(" = ").bind(t.value()).append(")");
            return null;
        }

        @Override
        public Void stringCompare(ElementTest.StringCompare t) {
            string().append(text).comparison(t.op(), t.value()).append(")");
            return null;
        }

        /**
         * Plain decimals (the common case) compare as {@code DECIMAL(65,30)} inline; everything else
         * through the number-key function, which costs a stored-function call.
         */
        @Override
        public Void numberCompare(ElementTest.NumberCompare t) {
            String value = "JSON_UNQUOTE(" + json + ")";
            keyed(
                    "CONCAT(" + value + ", '#') REGEXP " + PLAIN_DECIMAL,
                    "",
                    Narrowed.decimal(t.op(), t.value()),
                    "CAST(" + value + " AS DECIMAL(65,30))",
                    NUMBER_KEY,
                    t.op(),
                    NumberKey.of(t.value()));
            return null;
        }

        /**
         * Canonical UTC strings at whole seconds ({@code 2024-01-05T10:00:00Z}, or a date) compare as
         * text inline after a check that the date exists; everything else through the instant function.
         */
        @Override
        public Void instantCompare(ElementTest.InstantCompare t) {
            String value = "JSON_UNQUOTE(" + json + ")";
            keyed(
                    "CONCAT(" + value + ", '#') REGEXP " + UTC_SECONDS,
                    utcExists(value) + " AND ",
                    Narrowed.seconds(t.op(), t.micros()),
                    "IF(CHAR_LENGTH(" + value + ") = 10, CONCAT(" + value + ", 'T00:00:00Z'), " + value + ") COLLATE "
                            + collation(),
                    INSTANT_KEY,
                    t.op(),
                    t.micros());
            return null;
        }

        /**
         * {@code CASE WHEN check THEN (guard fast op' narrowed) ELSE function(json) op key END}: the inline
         * form for the values {@code check} admits, the key function for the rest.
         */
        private void keyed(
                String check, String guard, Narrowed narrowed, String fast, String function, CompareOp op, Object key) {
            w.append("(CASE WHEN ").append(check).append(" THEN (").append(guard);
            narrowed(narrowed, fast);
            w.append(") ELSE ")
                    .append(function)
                    .append("(")
                    .append(json)
                    .append(")")
                    .comparison(op, key)
                    .append(" END)");
        }

        private void narrowed(Narrowed n, String expression) {
            if (n.constant() != null) {
                w.append(n.constant() ? "TRUE" : "FALSE");
            } else {
                w.append(expression).comparison(n.op(), n.operand());
            }
        }

        @Override
        public Void booleanEquals(ElementTest.BooleanEquals t) {
            w.append("(JSON_TYPE(")
                    .append(json)
                    .append(") = 'BOOLEAN' AND JSON_UNQUOTE(")
                    .append(json)
                    .append(") = ")
                    .bind(Boolean.toString(t.value()))
                    .append(")");
            return null;
        }

        @Override
        public Void isNull(ElementTest.IsNull t) {
            w.append("(JSON_TYPE(").append(json).append(") = 'NULL')");
            return null;
        }

        @Override
        public Void regex(ElementTest.Regex t) {
            string();
            regexp(w, text, t.pattern(), t.ignoreCase());
            w.append(")");
            return null;
        }

        @Override
        public Void match(ElementTest.Match t) {
            string();
            if (t.ignoreCase()) {
                // as the evaluator does: the quoted literal as a case-folded pattern
                regexp(w, text, t.op().pattern(t.literal()), true);
            } else {
                w.append(text)
                        .append(" LIKE ")
                        .bind(likePattern(t.op(), t.literal()))
                        .append(" ESCAPE '!'");
            }
            w.append(")");
            return null;
        }
    }

    private void regexp(SqlWriter w, String text, String pattern, boolean ignoreCase) {
        String translated = pcre(pattern, ignoreCase);
        if (mariadb) {
            w.append(text).append(" REGEXP ").bind(translated);
        } else {
            w.append("REGEXP_LIKE(").append(text).append(", ").bind(translated).append(", 'c')");
        }
    }

    /** A LIKE pattern that matches the literal, with {@code !} escaping {@code ! % _}. */
    static String likePattern(MatchOp op, String literal) {
        StringBuilder out = new StringBuilder(literal.length() + 8);
        if (op != MatchOp.STARTS_WITH) {
            out.append('%');
        }
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '!' || c == '%' || c == '_') {
                out.append('!');
            }
            out.append(c);
        }
        if (op != MatchOp.ENDS_WITH) {
            out.append('%');
        }
        return out.toString();
    }

    /**
     * Translates a portable pattern for PCRE2 (MariaDB) and ICU (MySQL): parsed once, case-folded as
     * the evaluator folds, and written by {@link PcrePrinter} with explicit classes and the engines'
     * differences pinned.
     */
    static String pcre(String pattern, boolean ignoreCase) {
        return PcrePrinter.print(Regex.parse(pattern, ignoreCase));
    }

    /**
     * A JSON path literal of names that passed the naming rule (checked again here). MariaDB reads a
     * key unquoted up to the next {@code .} or {@code [}, so its path is {@code $.} and the dotted
     * name itself ({@code $.a--b.c--d}): the SQL differs from another name's only by the name. MySQL
     * takes only ECMAScript identifiers unquoted ({@code -} is not one), so it gets {@code $."a--b"."c--d"}.
     */
    String path(List<String> path) {
        return Identifiers.jsonPath(path, !mariadb);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Plain decimals and canonical UTC date-times get their keys inline; only other values that
     * look like numbers or dates call the key functions.
     */
    @Override
    public void fieldValue(SqlWriter w, String document, String field, io.quarry.schema.FieldType type) {
        String path = "$." + field;
        switch (type) {
            case NUMBER, INTEGER ->
                w.append("(CASE WHEN JSON_TYPE(JSON_EXTRACT(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(")) IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') THEN JSON_VALUE(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(") + 0 END)");
            case BOOLEAN ->
                w.append("(CASE WHEN JSON_TYPE(JSON_EXTRACT(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(")) = 'BOOLEAN' THEN JSON_EXTRACT(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(") = 'true' END)");
            default ->
                w.append("(CASE WHEN JSON_TYPE(JSON_EXTRACT(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(")) = 'NULL' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(")
                        .append(document)
                        .append(", ")
                        .bind(path)
                        .append(")) END)");
        }
    }

    @Override
    public void sortKey(SqlWriter w, String document, List<String> path, SortPart part) {
        String v = "JSON_EXTRACT(" + document + ", '" + path(path) + "')";
        String type = "JSON_TYPE(" + v + ")";
        String u = "JSON_UNQUOTE(" + v + ")";
        String plain = "CONCAT(" + u + ", '#') REGEXP " + PLAIN_DECIMAL;
        String numeric = "CONCAT(" + u + ", '#') REGEXP " + NUMERIC;
        String utc = "CONCAT(" + u + ", '#') REGEXP " + UTC_SECONDS + " AND LEFT(" + u + ", 4) <> '0000'";
        String dateLike = u + " REGEXP " + DATE_START;
        String number = "(CASE WHEN " + plain + " THEN " + plainNumberKey(u) + " WHEN " + numeric + " THEN "
                + NUMBER_KEY + "(" + v + ") END)";
        String instant = "(CASE WHEN " + utc + " THEN (CASE WHEN " + utcExists(u) + " THEN " + utcMicros(u)
                + " END) WHEN " + dateLike + " THEN " + INSTANT_KEY + "(" + v + ") END)";
        String isNumber = "(" + plain + " OR (" + numeric + " AND " + NUMBER_KEY + "(" + v + ") IS NOT NULL))";
        String isInstant = "(CASE WHEN " + utc + " THEN " + utcExists(u) + " WHEN " + dateLike + " THEN " + INSTANT_KEY
                + "(" + v + ") IS NOT NULL ELSE FALSE END)";
        switch (part) {
            case BRACKET ->
                w.append("(CASE WHEN ")
                        .append(v)
                        .append(" IS NULL OR ")
                        .append(type)
                        .append(" = 'NULL' THEN 5 WHEN ")
                        .append(type)
                        .append(" IN ('ARRAY', 'OBJECT') THEN 4 WHEN ")
                        .append(type)
                        .append(" = 'BOOLEAN' THEN 3 WHEN ")
                        .append(isNumber)
                        .append(" THEN 0 WHEN ")
                        .append(type)
                        .append(" = 'STRING' AND ")
                        .append(isInstant)
                        .append(" THEN 1 ELSE 2 END)");
            case NUMBER -> w.append(number);
            case INSTANT ->
                w.append("(CASE WHEN ")
                        .append(type)
                        .append(" = 'STRING' THEN ")
                        .append(instant)
                        .append(" END)");
            case STRING ->
                w.append("(CASE WHEN ")
                        .append(type)
                        .append(" = 'STRING' AND NOT ")
                        .append(isNumber)
                        .append(" AND NOT ")
                        .append(isInstant)
                        .append(" THEN ")
                        .append(sortedText(u))
                        .append(" END)");
            case BOOLEAN ->
                w.append("(CASE WHEN ")
                        .append(type)
                        .append(" = 'BOOLEAN' THEN ")
                        .append(u)
                        .append(" = 'true' END)");
        }
    }

    /** SQL: the {@link NumberKey} of the text {@code u} of a plain decimal (see {@link #PLAIN_DECIMAL}). */
    static String plainNumberKey(String u) {
        String a = "TRIM(LEADING '-' FROM " + u + ")";
        String digits = "REPLACE(" + a + ", '.', '')";
        String leading = "TRIM(LEADING '0' FROM " + digits + ")";
        String significant = "TRIM(TRAILING '0' FROM " + leading + ")";
        String integerDigits = "IF(LOCATE('.', " + a + ") > 0, LOCATE('.', " + a + ") - 1, CHAR_LENGTH(" + a + "))";
        String exponent = "(" + integerDigits + " - 1 - (CHAR_LENGTH(" + digits + ") - CHAR_LENGTH(" + leading + ")))";
        return "(CASE WHEN " + leading + " = '' THEN '1' WHEN LEFT(" + u + ", 1) = '-' THEN CONCAT('0', LPAD(599 - "
                + exponent + ", 3, '0'), " + KeyFunctions.complement(significant) + ", '~') ELSE CONCAT('2', LPAD("
                + exponent + " + 400, 3, '0'), " + significant + ") END)";
    }

    /** SQL: the date and time of canonical UTC text {@code u} (see {@link #UTC_SECONDS}) exist. */
    static String utcExists(String u) {
        String part = "SUBSTRING(" + u + ", ";
        String year = "LEFT(" + u + ", 4)";
        return "(" + part + "6, 2) BETWEEN '01' AND '12' AND " + part + "9, 2) BETWEEN '01' AND ELT(" + part
                + "6, 2), '31', IF(MOD(" + year + ", 4) = 0 AND (MOD(" + year + ", 100) <> 0 OR MOD(" + year
                + ", 400) = 0), '29', '28'), '31', '30', '31', '30', '31', '31', '30', '31', '30', '31') AND " + part
                + "12, 2) <= '23' AND " + part + "15, 2) <= '59' AND " + part + "18, 2) <= '59')";
    }

    /** SQL: epoch microseconds of existing canonical UTC text {@code u} of a year from 0001 ({@code TO_DAYS} misreads year 0). */
    static String utcMicros(String u) {
        return "((TO_DAYS(LEFT(" + u + ", 10)) - 719528) * 86400000000 + IF(CHAR_LENGTH(" + u
                + ") = 20, (CAST(SUBSTRING("
                + u + ", 12, 2) AS SIGNED) * 3600 + CAST(SUBSTRING(" + u + ", 15, 2) AS SIGNED) * 60 + CAST(SUBSTRING("
                + u + ", 18, 2) AS SIGNED)) * 1000000, 0))";
    }

    @Override
    public Object sortValue(SortPart part, JsonNode value) {
        return switch (part) {
            case BRACKET -> ObjectOrder.bracket(value);
            case NUMBER -> {
                BigDecimal n = QuarryFunctions.numberKey(value);
                yield n == null ? null : NumberKey.of(n);
            }
            case INSTANT -> QuarryFunctions.instantKey(value);
            case STRING -> ObjectOrder.bracket(value) == 2 ? sortedPrefix(value.textValue()) : null;
            case BOOLEAN -> value.isBoolean() ? value.booleanValue() : null;
        };
    }

    /**
     * SQL: text {@code u} as a sort key: its first {@link #SORTED_LENGTH} characters in the binary
     * collation. MariaDB compares sort keys over {@code max_sort_length} bytes only (three a character
     * in this collation; each read raises it to {@link #SORT_BYTES}); the explicit prefix
     * makes the compared length the same in ORDER BY and in the cursor's keyset condition, so texts
     * that agree on it tie (id breaks the tie) and a walk never repeats or skips an object.
     */
    private String sortedText(String u) {
        return "LEFT(" + u + ", " + SORTED_LENGTH + ") COLLATE " + collation();
    }

    /** The cursor's value of a text sort key: its first {@link #SORTED_LENGTH} code points, as {@link #sortedText}. */
    static String sortedPrefix(String text) {
        return text.codePointCount(0, text.length()) <= SORTED_LENGTH
                ? text
                : text.substring(0, text.offsetByCodePoints(0, SORTED_LENGTH));
    }

    /** A column of another SQL type (a time) as the text the database writes for it. */
    @Override
    public String asText(String column) {
        return "CAST(" + column + " AS CHAR)";
    }

    @Override
    public void textColumnSortKey(SqlWriter w, String column) {
        w.append(sortedText("CONVERT(" + column + " USING utf8mb4)"));
    }

    /**
     * A host's text column in the binary collation: converted to {@code utf8mb4} first, since a
     * {@code utf8mb3} column (what MariaDB's {@code NVARCHAR} creates) refuses a {@code utf8mb4} collation.
     */
    private String binaryText(String column) {
        return "CONVERT(" + column + " USING utf8mb4) COLLATE " + collation();
    }

    @Override
    public Object textColumnSortValue(String value) {
        return sortedPrefix(value);
    }

    @Override
    public Object timestamp(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    @Override
    public Instant readTimestamp(ResultSet rs, int column) throws SQLException {
        LocalDateTime t = rs.getObject(column, LocalDateTime.class);
        return t == null ? null : t.toInstant(ZoneOffset.UTC);
    }

    /**
     * {@inheritDoc}
     *
     * <p>With {@link #withFullText}: {@code MATCH(o.column) AGAINST (? IN BOOLEAN MODE)} with each word
     * InnoDB indexes required, and each word it does not (shorter than 3 characters, longer than 84, a
     * stopword) as a whole word of the column's text ({@link InnoDbFullText}). With fields, the column
     * (every string of the document) is the prefilter, and each of those words must also be a whole
     * word of the fields' strings: the column's expression over {@code JSON_EXTRACT(doc, ?, …)}.
     */
    @Override
    public boolean fullText(SqlWriter w, String alias, String document, String text, List<FieldPath> fields) {
        if (fullTextColumn == null) {
            return false;
        }
        Sql values = null;
        if (!fields.isEmpty()) {
            SqlWriter extract = new SqlWriter();
            extract.append("JSON_EXTRACT(").append(document);
            for (FieldPath field : fields) {
                extract.append(", ").bind(path(field.segments()));
            }
            extract.append(")");
            values = InnoDbFullText.expression(extract.toSql());
        }
        InnoDbFullText.write(
                w, quoteIdentifier(alias) + "." + quoteIdentifier(fullTextColumn), text, vocabulary, values);
        return true;
    }

    /**
     * {@inheritDoc}
     *
     * <p>MariaDB (10.11) rounds a fractional constant to an indexed column's type when it looks the
     * value up in the index: {@code int_column = 0.99} finds the rows where it is 1, and so does a
     * one-value {@code IN}, while a range is exact. So an equality with a fractional number is written
     * as the range {@code (c >= ? AND c <= ?)}, true, false and unknown exactly where {@code c = ?} is,
     * and still served by the index.
     */
    @Override
    public void compareNumberColumn(SqlWriter w, String column, CompareOp op, BigDecimal value) {
        if (mariadb && op == CompareOp.EQ && value.stripTrailingZeros().scale() > 0) {
            w.append("(")
                    .append(column)
                    .append(" >= ")
                    .bind(value)
                    .append(" AND ")
                    .append(column)
                    .append(" <= ")
                    .bind(value)
                    .append(")");
        } else {
            Dialect.super.compareNumberColumn(w, column, op, value);
        }
    }

    @Override
    public String toString() {
        return "MySqlDialect." + name() + "()"
                + (fullTextColumn == null ? "" : ".withFullText(\"" + fullTextColumn + "\")");
    }
}
