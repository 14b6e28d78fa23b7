package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.filter.MatchOp;
import io.quarry.schema.Schema;
import io.quarry.sql.ElementTest;
import io.quarry.sql.SortPart;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlCompiler;
import io.quarry.sql.SqlWriter;
import io.quarry.sql.StoreMapping;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SQL {@link MySqlDialect} writes, for both configurations. MySQL 8 is not available here, so
 * these are its only tests; MariaDB's also run on a server ({@code MariaDbBackendIT},
 * {@code MariaDbDialectIT}).
 */
class MySqlDialectTest {
    private static final Schema SCHEMA = QuarryConfig.parse(
                    "types:\n  Thing:\n    description: anything\n", "schema.yaml")
            .schema()
            .orElseThrow();

    private static Sql where(MySqlDialect dialect, String filter) {
        SqlCompiler compiler = new SqlCompiler(dialect);
        return compiler.where(compiler.validate(filter, SCHEMA, "Thing"), SqlCompiler.Columns.document("o", "p"));
    }

    @Test
    void configurations() {
        assertThat(MySqlDialect.mariadb().name()).isEqualTo("mariadb");
        assertThat(MySqlDialect.mysql().name()).isEqualTo("mysql");
        assertThat(MySqlDialect.mariadb().collation()).isEqualTo("utf8mb4_nopad_bin");
        assertThat(MySqlDialect.mysql().collation()).isEqualTo("utf8mb4_0900_bin");
        assertThat(MySqlDialect.mysql().quoteIdentifier("quarry_objects")).isEqualTo("`quarry_objects`");
        assertThatThrownBy(() -> MySqlDialect.mysql().quoteIdentifier("a`b"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * A statement over {@code max_allowed_packet}, refused by the server (1153, which also drops the
     * connection: SQLState 08S01) or by the driver's own check, is the request's fault; a socket error
     * is not (issue 33, item 2).
     */
    @Test
    void aPacketTooLargeIsTooLargeAndAConnectionFailureIsNot() {
        for (MySqlDialect dialect : List.of(MySqlDialect.mariadb(), MySqlDialect.mysql())) {
            assertThat(dialect.session()
                            .isTooLarge(new java.sql.SQLNonTransientConnectionException(
                                    "(conn=10) Got a packet bigger than 'max_allowed_packet' bytes", "08S01", 1153)))
                    .isTrue();
            assertThat(dialect.session()
                            .isTooLarge(new java.sql.SQLTransientConnectionException(
                                    "(conn=745) Packet too big for current server max_allowed_packet value",
                                    "HZ000",
                                    -1)))
                    .isTrue();
            assertThat(dialect.session()
                            .isTooLarge(new java.sql.SQLNonTransientConnectionException(
                                    "(conn=15) Socket error", "08000", -1)))
                    .isFalse();
        }
    }

    @Test
    void equalityRunsOverTheElementsOfJsonTable() {
        for (MySqlDialect dialect : List.of(MySqlDialect.mariadb(), MySqlDialect.mysql())) {
            Sql sql = where(dialect, "{\"a.b-c\": \"x\"}");
            assertThat(sql.text())
                    .isEqualTo("EXISTS (SELECT 1 FROM JSON_TABLE(`o`.`p`, '"
                            + (dialect.name().equals("mariadb") ? "$.a.b-c" : "$.\"a\".\"b-c\"")
                            + "' COLUMNS (`v` JSON PATH"
                            + " '$', NESTED PATH '$[*]' COLUMNS (`e` JSON PATH '$'))) AS `q` WHERE (JSON_TYPE("
                            + "COALESCE(`q`.`e`, `q`.`v`)) = 'STRING' AND JSON_UNQUOTE(COALESCE(`q`.`e`, `q`.`v`))"
                            + " COLLATE " + dialect.collation()
                            + " = ?))");
            assertThat(sql.binds()).containsExactly("x");
        }
    }

    @Test
    void plainDecimalsCompareInlineAndOtherNumbersByTheKeyFunction() {
        Sql sql = where(MySqlDialect.mysql(), "{\"n\": {\"$gt\": -2.5}}");
        assertThat(sql.text())
                .contains("REGEXP '(?-imsx)^-?[0-9]{1,30}(?:[.][0-9]{1,30})?#$' THEN (CAST(JSON_UNQUOTE(")
                .contains("AS DECIMAL(65,30)) > ?) ELSE quarry_num_v1(COALESCE(`q`.`e`, `q`.`v`)) > ? END)");
        assertThat(sql.binds()).containsExactly(new BigDecimal("-2.5"), "059974~");
        Sql huge = where(MySqlDialect.mysql(), "{\"n\": {\"$lt\": 1e300}}");
        assertThat(huge.text()).contains("#$' THEN (TRUE) ELSE quarry_num_v1(");
        assertThat(huge.binds()).containsExactly("2700" + "1");
    }

    @Test
    void canonicalUtcDatesCompareAsTextAndOtherDatesByInstant() {
        Sql sql = where(MySqlDialect.mysql(), "{\"d\": {\"$lt\": \"2024-01-05T01:00:00.5+02:00\"}}");
        assertThat(sql.text())
                .contains("quarry_instant_v1(COALESCE(`q`.`e`, `q`.`v`)) < ? END)")
                .contains(" COLLATE utf8mb4_0900_bin <= ?) ELSE ");
        assertThat(sql.binds()).containsExactly("2024-01-04T23:00:00Z", 1_704_409_200_500_000L);
    }

    @ParameterizedTest
    @CsvSource({
        "GT, 5, GT, 5,",
        "EQ, 1e30, , , false",
        "LT, 1e30, , , true",
        "GTE, -1e30, , , true",
        "LTE, -1e31, , , false",
        "GT, 1e-31, GTE, 0.000000000000000000000000000001,",
        "GTE, -1e-31, GTE, 0E-30,",
        "LT, 1.00000000000000000000000000000000001, LTE, 1.000000000000000000000000000000,",
        "LTE, -1e-40, LTE, -0.000000000000000000000000000001,",
        "EQ, 1e-31, , , false"
    })
    void narrowingToPlainDecimalsIsExact(String op, String n, String narrowedOp, String operand, Boolean constant) {
        Narrowed narrowed = Narrowed.decimal(io.quarry.filter.CompareOp.valueOf(op), new BigDecimal(n));
        assertThat(narrowed.constant()).isEqualTo(constant);
        assertThat(narrowed.op()).isEqualTo(narrowedOp == null ? null : io.quarry.filter.CompareOp.valueOf(narrowedOp));
        assertThat(narrowed.operand()).isEqualTo(operand == null ? null : new BigDecimal(operand));
    }

    @ParameterizedTest
    @CsvSource({
        "GT, 2024-01-05T00:00:00Z, GT, 2024-01-05T00:00:00Z,",
        "GT, 2024-01-05T00:00:00.000001Z, GTE, 2024-01-05T00:00:01Z,",
        "LT, 2024-01-05T00:00:00.999999Z, LTE, 2024-01-05T00:00:00Z,",
        "EQ, 2024-01-05T00:00:00.5Z, , , false",
        "GT, 0000-01-01T00:00:00+01:00, , , true",
        "LTE, 0000-01-01T00:00:00+01:00, , , false",
        "GTE, 9999-12-31T23:59:59.5Z, , , false",
        "LT, 9999-12-31T23:59:59-01:00, , , true",
        "LT, 9999-12-31T23:59:59Z, LT, 9999-12-31T23:59:59Z,"
    })
    void narrowingToWholeSecondsIsExact(
            String op, String instant, String narrowedOp, String operand, Boolean constant) {
        long micros = ElementTest.InstantCompare.micros(
                io.quarry.internal.IsoDateTime.parse(instant).orElseThrow());
        Narrowed narrowed = Narrowed.seconds(io.quarry.filter.CompareOp.valueOf(op), micros);
        assertThat(narrowed.constant()).isEqualTo(constant);
        assertThat(narrowed.op()).isEqualTo(narrowedOp == null ? null : io.quarry.filter.CompareOp.valueOf(narrowedOp));
        assertThat(narrowed.operand()).isEqualTo(operand);
    }

    @Test
    void patternsUseEachServersRegexOperator() {
        Sql mariadb = where(MySqlDialect.mariadb(), "{\"s\": {\"$regex\": \"^a.b$\"}}");
        Sql mysql = where(MySqlDialect.mysql(), "{\"s\": {\"$regex\": \"^a.b$\"}}");
        assertThat(mariadb.text()).contains(" COLLATE utf8mb4_nopad_bin REGEXP ?");
        assertThat(mysql.text()).contains("REGEXP_LIKE(JSON_UNQUOTE(").contains("COLLATE utf8mb4_0900_bin, ?, 'c')");
        assertThat(mariadb.binds()).containsExactly("(?-imsx)^a[^\\x{a}]b\\z");
        assertThat(mysql.binds()).isEqualTo(mariadb.binds());
    }

    @Test
    void caseSensitiveMatchIsLikeWithAnEscapeAndCaseInsensitiveMatchAFoldedPattern() {
        Sql like = where(MySqlDialect.mariadb(), "{\"t\": {\"$contains\": \"50%_off!\"}}");
        assertThat(like.text()).contains(" LIKE ? ESCAPE '!'");
        assertThat(like.binds()).containsExactly("%50!%!_off!!%");
        Sql folded = where(MySqlDialect.mariadb(), "{\"t\": {\"$startsWith\": \"k%\", \"$options\": \"i\"}}");
        assertThat(folded.text()).contains(" REGEXP ?");
        assertThat(folded.binds()).containsExactly("(?-imsx)^[Kk\\x{212a}]\\%");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"CONTAINS|a|%a%", "STARTS_WITH|a%|a!%%", "ENDS_WITH|_|%!_", "CONTAINS|!|%!!%", "CONTAINS|\\|%\\%"})
    void likePatternsEscapeEveryMetacharacter(MatchOp op, String literal, String pattern) {
        assertThat(MySqlDialect.likePattern(op, literal)).isEqualTo(pattern);
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " => ",
            value = {
                "a.b => (?-imsx)a[^\\x{a}]b",
                "end$ => (?-imsx)end\\z",
                "[.$] => (?-imsx)[\\x{24}\\x{2e}]",
                "[^.] => (?-imsx)[^\\x{2e}]",
                "\\.\\$ => (?-imsx)\\.\\$",
                "\\d+ => (?-imsx)[0-9]+",
                "(a|b)*c{2,3} => (?-imsx)(?:a|b)*c{2,3}",
                "\\s => (?-imsx)[\\x{9}-\\x{d}\\x{20}]"
            })
    void translationPinsDotDollarAndFlags(String portable, String pcre) {
        assertThat(MySqlDialect.pcre(portable, false)).isEqualTo(pcre);
    }

    @Property(tries = 300)
    void translationsCompileInJavaAndAgreeOnNewlines(@ForAll("patterns") String pattern) {
        // java.util.regex reads the translation as PCRE does; \z and [^\n] keep RE2's meaning
        Pattern java = Pattern.compile(MySqlDialect.pcre(pattern, false).replace("(?-imsx)", ""));
        for (String text : List.of("ab", "a\n", "\n", "a\nb", "ba\n", "b")) {
            assertThat(java.matcher(text).find())
                    .as(pattern + " on " + text.replace("\n", "\\n"))
                    .isEqualTo(io.quarry.regex.PortableRegex.find(pattern, false, text));
        }
    }

    @Provide
    Arbitrary<String> patterns() {
        return Arbitraries.of("a", "b", ".", "$", "^", "\\n", "a*", "(a|b)", "[^a]", "\\s", "\\S", "[ab]", "b?")
                .list()
                .ofMinSize(1)
                .ofMaxSize(5)
                .map(parts -> String.join("", parts))
                .filter(p -> io.quarry.regex.PortableRegex.violation(p).isEmpty());
    }

    @Property(tries = 2000)
    void numberKeysOrderAsTheNumbers(@ForAll("numbers") BigDecimal a, @ForAll("numbers") BigDecimal b) {
        int keys = Integer.signum(NumberKey.of(a).compareTo(NumberKey.of(b)));
        assertThat(keys).as(a + " vs " + b).isEqualTo(Integer.signum(a.compareTo(b)));
    }

    @Provide
    Arbitrary<BigDecimal> numbers() {
        Arbitrary<BigDecimal> any = Arbitraries.bigIntegers()
                .between(java.math.BigInteger.valueOf(-100_000), java.math.BigInteger.valueOf(100_000))
                .flatMap(unscaled ->
                        Arbitraries.integers().between(-330, 300).map(scale -> new BigDecimal(unscaled, scale)))
                .filter(io.quarry.internal.NumericLiteral::inDoubleRange);
        return Arbitraries.oneOf(
                any, Arbitraries.of(BigDecimal.ZERO, BigDecimal.ONE, new BigDecimal("-1"), new BigDecimal("1.5")));
    }

    @Test
    void numberKeysOfEqualNumbersAreEqual() {
        assertThat(NumberKey.of(new BigDecimal("5"))).isEqualTo(NumberKey.of(new BigDecimal("5.000")));
        assertThat(NumberKey.of(new BigDecimal("0.00"))).isEqualTo("1");
        assertThat(NumberKey.of(new BigDecimal("120"))).isEqualTo("240212");
        assertThat(NumberKey.of(new BigDecimal("-1"))).isEqualTo("05998~");
    }

    @Test
    void sortKeysBracketEveryValue() {
        SqlWriter w = new SqlWriter();
        MySqlDialect.mysql().sortKey(w, "`o`.`p`", List.of("n"), SortPart.BRACKET);
        assertThat(w.toSql().text())
                .startsWith("(CASE WHEN JSON_EXTRACT(`o`.`p`, '$.\"n\"') IS NULL OR")
                .contains(
                        "THEN 4 WHEN", "THEN 3 WHEN", "IS NOT NULL)) THEN 0 WHEN", "ELSE FALSE END) THEN 1 ELSE 2 END)")
                .doesNotContain("\t", "\n", "\\");
    }

    @Test
    void mariadbCreatesIndexesIfNotExistsAndMysqlInsideTheTable() {
        StoreMapping mapping = StoreMapping.graph("org_id");
        List<String> mariadb = MySqlDialect.mariadb().ddl().createGraphLayout(mapping);
        List<String> mysql = MySqlDialect.mysql().ddl().createGraphLayout(mapping);
        assertThat(mariadb.get(0))
                .startsWith("CREATE TABLE IF NOT EXISTS `quarry_objects` (`id` VARCHAR(255) NOT NULL PRIMARY KEY,")
                .contains("`properties` JSON NOT NULL", "`created_at` DATETIME(6) NOT NULL", "`org_id` VARCHAR(255)")
                .endsWith(") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin");
        assertThat(mariadb)
                .contains(
                        "CREATE INDEX IF NOT EXISTS `quarry_objects_type_updated` ON `quarry_objects` (`type`,"
                                + " `updated_at`)",
                        "CREATE INDEX IF NOT EXISTS `quarry_objects_org_id` ON `quarry_objects` (`org_id`, `type`,"
                                + " `updated_at`)",
                        "CREATE INDEX IF NOT EXISTS `quarry_relationships_src` ON `quarry_relationships` (`src_id`,"
                                + " `type`)",
                        "CREATE INDEX IF NOT EXISTS `quarry_relationships_dst` ON `quarry_relationships` (`dst_id`,"
                                + " `type`)");
        assertThat(mysql).noneMatch(s -> s.startsWith("CREATE INDEX"));
        assertThat(mysql.get(0))
                .contains(", INDEX `quarry_objects_org_id` (`org_id`, `type`, `updated_at`)")
                .endsWith(") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_bin");
        assertThat(mysql.get(1)).contains(", INDEX `quarry_relationships_dst` (`dst_id`, `type`)");
        for (List<String> ddl : List.of(mariadb, mysql)) {
            assertThat(ddl)
                    .allMatch(s -> s.startsWith("CREATE TABLE IF NOT EXISTS ")
                            || s.startsWith("CREATE INDEX IF NOT EXISTS ")
                            || s.startsWith("CREATE FUNCTION IF NOT EXISTS "));
            assertThat(ddl).anyMatch(s -> s.startsWith("CREATE FUNCTION IF NOT EXISTS quarry_num_v1("));
            assertThat(ddl).anyMatch(s -> s.startsWith("CREATE FUNCTION IF NOT EXISTS quarry_instant_v1("));
            // no backslash: the bodies mean the same under NO_BACKSLASH_ESCAPES
            assertThat(ddl).noneMatch(s -> s.contains("\\"));
        }
    }

    @Test
    void timeoutsAreEachServersErrors() {
        java.sql.SQLException mariadbTimeout = new java.sql.SQLException("max_statement_time exceeded", "70100", 1969);
        java.sql.SQLException mysqlTimeout =
                new java.sql.SQLException("maximum statement execution time", "HY000", 3024);
        java.sql.SQLException regexTimeout =
                new java.sql.SQLException("Timeout exceeded in regular expression", "HY000", 3699);
        assertThat(MySqlDialect.mariadb().session().isTimeout(mariadbTimeout)).isTrue();
        assertThat(MySqlDialect.mariadb().session().isTimeout(mysqlTimeout)).isFalse();
        assertThat(MySqlDialect.mysql().session().isTimeout(mysqlTimeout)).isTrue();
        assertThat(MySqlDialect.mysql().session().isTimeout(regexTimeout)).isTrue();
        assertThat(MySqlDialect.mysql().session().isTimeout(mariadbTimeout)).isFalse();
        assertThat(MySqlDialect.mysql().session().isTimeout(new java.sql.SQLException("duplicate", "23000", 1062)))
                .isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "MariaDB,10.11.6-MariaDB-0+deb12u1,mariadb",
        "MariaDB,10.6.0-MariaDB,mariadb",
        "MySQL,5.5.5-10.11.6-MariaDB,mariadb",
        "MySQL,8.0.36,mysql",
        "MySQL,8.4.0,mysql",
        "MySQL,9.1.0,mysql"
    })
    void detectsMariadbAndMysqlByNameAndVersion(String product, String version, String dialect) {
        assertThat(Dialects.detect(product, version).name()).isEqualTo(dialect);
    }

    @ParameterizedTest
    @CsvSource({"MariaDB,10.5.23-MariaDB,MariaDB 10.6", "MySQL,8.0.28,MySQL 8.0.29", "MySQL,5.7.44,MySQL 8.0.29"})
    void refusesServersTooOld(String product, String version, String needed) {
        assertThatThrownBy(() -> Dialects.detect(product, version))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(version)
                .hasMessageContaining(needed);
    }

    @Test
    void aTopLevelPropertyIsTestedAsAScalarAndThroughJsonTableOnlyWhenItIsAnArray() {
        Sql sql = where(MySqlDialect.mariadb(), "{\"status\": \"x\"}");
        assertThat(sql.text())
                .startsWith("(CASE JSON_VALUE(`o`.`p`, '$.status') COLLATE utf8mb4_nopad_bin = ? WHEN 1 THEN"
                        + " JSON_TYPE(JSON_EXTRACT(`o`.`p`, '$.status')) = 'STRING' WHEN 0 THEN FALSE ELSE"
                        + " COALESCE(JSON_TYPE(JSON_EXTRACT(`o`.`p`, '$.status')) = 'ARRAY' AND EXISTS (SELECT 1"
                        + " FROM JSON_TABLE(`o`.`p`, '$.status'")
                .endsWith(", FALSE) END)");
        assertThat(sql.binds()).containsExactly("x", "x");
        // booleans, numbers, dates, nested paths and MySQL keep JSON_TABLE alone
        assertThat(where(MySqlDialect.mariadb(), "{\"done\": true}").text()).startsWith("EXISTS (");
        assertThat(where(MySqlDialect.mariadb(), "{\"n\": 5}").text()).startsWith("EXISTS (");
        assertThat(where(MySqlDialect.mysql(), "{\"status\": \"x\"}").text()).startsWith("EXISTS (");
    }

    @ParameterizedTest
    @CsvSource({"status,s,q1s_status", "due_at,d,q1d_due_at", "Status,s,q1s-status-", "a--b,n,q1n-a--b-", "_x,s,q1s__x"
    })
    void generatedColumnsHaveStableNamesThatNeverCollide(String field, char kind, String name) {
        String column = GeneratedColumns.name(GeneratedColumns.Kind.of(kind), field);
        assertThat(column).startsWith(name).hasSizeLessThanOrEqualTo(64);
        assertThat(io.quarry.schema.Names.isIdentifier(column)).isTrue();
        assertThat(column.endsWith(name)).isEqualTo(!name.endsWith("-"));
        String longest = "F".repeat(64);
        assertThat(GeneratedColumns.name(GeneratedColumns.Kind.STRING, longest))
                .hasSize(55)
                .isNotEqualTo(GeneratedColumns.name(GeneratedColumns.Kind.STRING, "F".repeat(63)));
        // MariaDB's column names ignore case: two fields that differ in case get two columns
        assertThat(GeneratedColumns.name(GeneratedColumns.Kind.STRING, "status").toLowerCase())
                .isNotEqualTo(GeneratedColumns.name(GeneratedColumns.Kind.STRING, "Status")
                        .toLowerCase());
    }

    @Test
    void schemaIndexesAreAVirtualColumnAndAnIndexPerDeclaredFieldAndKindOnMariadbOnly() {
        Schema schema = QuarryConfig.parse(
                        "types:\n  Task:\n    description: t\n    fields: {status: string, kind: {type: enum, values: [a, b]},"
                                + " priority: integer, due: date, title: text, done: boolean, tags: {type: array, items: string}}\n"
                                + "  Bug:\n    description: b\n    fields: {priority: string}\n",
                        "schema.yaml")
                .schema()
                .orElseThrow();
        StoreMapping mapping = StoreMapping.graph("org_id");
        List<String> ddl = MySqlDialect.mariadb().ddl().schemaIndexes(mapping, schema);
        assertThat(ddl).hasSize(10);
        assertThat(String.join("\n", ddl))
                .contains("ALTER TABLE `quarry_objects` ADD COLUMN IF NOT EXISTS `q1d_due` VARCHAR(20)")
                .contains("ADD COLUMN IF NOT EXISTS `q1s_kind` VARCHAR(200)")
                .contains("ADD COLUMN IF NOT EXISTS `q1n_priority` DECIMAL(65,30) AS (")
                .contains("ADD COLUMN IF NOT EXISTS `q1s_priority` VARCHAR(200)")
                .contains("VIRTUAL COMMENT 'quarry:v1:s:status'")
                .contains("CREATE INDEX IF NOT EXISTS `q1s_status_ix` ON `quarry_objects` (`q1s_status`, `org_id`,"
                        + " `type`, `updated_at`)")
                .doesNotContain("title")
                .doesNotContain("done")
                .doesNotContain("tags");
        assertThat(MySqlDialect.mysql().ddl().schemaIndexes(mapping, schema)).isEmpty();
    }

    @Test
    void withGeneratedColumnsTheTestsNameThemAndLeaveOnlyTheOtherValuesToTheDocument() {
        MySqlDialect dialect = MySqlDialect.mariadb()
                .withGeneratedColumns(
                        StoreMapping.graph(),
                        java.util.Map.of("s:status", "q1s_status", "n:n", "q1n_n", "d:d", "q1d_d"));
        SqlCompiler compiler = new SqlCompiler(dialect);
        java.util.function.Function<String, Sql> where = filter -> compiler.where(
                compiler.validate(filter, SCHEMA, "Thing"), SqlCompiler.Columns.document("o", "properties"));
        Sql eq = where.apply("{\"status\": \"x\"}");
        assertThat(eq.text())
                .startsWith("(`o`.`q1s_status` <=> ? OR (`o`.`q1s_status` <=> ? AND EXISTS (SELECT 1 FROM JSON_TABLE(");
        assertThat(eq.binds()).containsExactly("x", GeneratedColumns.STRING_ARRAY, "x");
        String longValue = "\uD83D\uDE00".repeat(250);
        Sql long1 = where.apply("{\"status\": \"" + longValue + "\"}");
        assertThat(long1.text()).startsWith("((`o`.`q1s_status` <=> ? OR `o`.`q1s_status` <=> ?) AND EXISTS (");
        assertThat(long1.binds().get(0)).isEqualTo("\uD83D\uDE00".repeat(200));
        Sql gt = where.apply("{\"n\": {\"$gt\": 5}}");
        assertThat(gt.text())
                .isEqualTo("((`o`.`q1n_n` > " + GeneratedColumns.NUMBER_OTHER + " AND `o`.`q1n_n` > ? AND `o`.`q1n_n`"
                        + " IS NOT NULL) OR (`o`.`q1n_n` <=> " + GeneratedColumns.NUMBER_OTHER + " AND "
                        + gt.text().substring(gt.text().indexOf("EXISTS")));
        Sql never = where.apply("{\"n\": {\"$gt\": 1e40}}");
        assertThat(never.text()).startsWith("((`o`.`q1n_n` <=> " + GeneratedColumns.NUMBER_OTHER + " AND EXISTS");
        Sql range = where.apply("{\"d\": {\"$gte\": \"2024-06-01\", \"$lt\": \"2024-06-08T12:00:00Z\"}}");
        assertThat(range.text())
                .startsWith("((`o`.`q1d_d` > '' AND `o`.`q1d_d` >= ? AND `o`.`q1d_d` < ? AND `o`.`q1d_d` IS NOT NULL)"
                        + " OR (`o`.`q1d_d` <=> '' AND EXISTS");
        assertThat(range.binds()).startsWith("2024-06-01T00:00:00Z", "2024-06-08T12:00:00Z");
        // another document (a host's own JSON column) and other tests read the JSON
        assertThat(compiler.where(
                                compiler.validate("{\"status\": \"x\"}", SCHEMA, "Thing"),
                                SqlCompiler.Columns.document("o", "other"))
                        .text())
                .doesNotContain("q1s");
        assertThat(where.apply("{\"status\": {\"$contains\": \"x\"}}").text()).doesNotContain("q1s");
    }

    @Test
    void aMatchOnAFieldWithAnIndexedStringColumnReadsItsCandidatesFromTheIndexFirst() {
        StoreMapping mapping = StoreMapping.graph("org_id");
        java.util.Map<String, String> columns = java.util.Map.of("s:status", "q1s_status", "n:n", "q1n_n");
        MySqlDialect dialect = MySqlDialect.mariadb()
                .withGeneratedColumns(mapping, columns, java.util.Map.of("q1s_status", "q1s_status_ix"));
        Sql restriction = new SqlWriter()
                .append("`i`.`type` IN (")
                .bind("Task")
                .append(")")
                .toSql();
        SqlWriter w = new SqlWriter();
        assertThat(dialect.candidateObjects(
                        w,
                        mapping,
                        "o",
                        "status",
                        new ElementTest.Match(MatchOp.CONTAINS, "a_b", false),
                        "i",
                        restriction))
                .isTrue();
        assertThat(w.toSql().text())
                .isEqualTo("(SELECT `i`.`id` FROM `quarry_objects` `i` FORCE INDEX (`q1s_status_ix`) WHERE `i`.`type`"
                        + " IN (?) AND (`i`.`q1s_status` LIKE ? ESCAPE '!' OR CHAR_LENGTH(`i`.`q1s_status`) = 200))"
                        + " `i` STRAIGHT_JOIN `quarry_objects` `o` ON `o`.`id` = `i`.`id`");
        assertThat(w.toSql().binds()).containsExactly("Task", "%a!_b%");
        SqlWriter folded = new SqlWriter();
        assertThat(dialect.candidateObjects(
                        folded,
                        mapping,
                        "o",
                        "status",
                        new ElementTest.Match(MatchOp.STARTS_WITH, "Ab", true),
                        "i",
                        restriction))
                .isTrue();
        assertThat(folded.toSql().text()).contains("`i`.`q1s_status` REGEXP ?");
        // no index led by the column, no string column, another test, MySQL: the objects table alone
        for (MySqlDialect d : List.of(
                MySqlDialect.mariadb().withGeneratedColumns(mapping, columns),
                MySqlDialect.mariadb(),
                MySqlDialect.mysql())) {
            assertThat(d.candidateObjects(
                            new SqlWriter(),
                            mapping,
                            "o",
                            "status",
                            new ElementTest.Match(MatchOp.CONTAINS, "a", false),
                            "i",
                            restriction))
                    .isFalse();
        }
        assertThat(dialect.candidateObjects(
                        new SqlWriter(),
                        mapping,
                        "o",
                        "n",
                        new ElementTest.Match(MatchOp.CONTAINS, "1", false),
                        "i",
                        restriction))
                .isFalse();
        assertThat(dialect.candidateObjects(
                        new SqlWriter(), mapping, "o", "status", new ElementTest.StringEquals("a"), "i", restriction))
                .isFalse();
    }

    @Test
    void onlyAFilterOfMatchesOnTopLevelPropertiesOffersCandidates() {
        SqlCompiler compiler = new SqlCompiler(MySqlDialect.mariadb());
        java.util.function.Function<String, List<java.util.Map.Entry<String, ElementTest>>> matches =
                filter -> compiler.matchConjuncts(
                        compiler.validate(filter, SCHEMA, "Thing").filter());
        assertThat(matches.apply("{\"status\": {\"$contains\": \"x\"}}"))
                .containsExactly(java.util.Map.entry("status", new ElementTest.Match(MatchOp.CONTAINS, "x", false)));
        assertThat(matches.apply("{\"status\": {\"$startsWith\": \"x\"}, \"n\": {\"$endsWith\": \"y\"}}"))
                .hasSize(2);
        assertThat(matches.apply("{\"status\": {\"$contains\": \"x\"}, \"n\": 5}"))
                .isEmpty();
        assertThat(matches.apply("{\"$or\": [{\"status\": {\"$contains\": \"x\"}}]}"))
                .isEmpty();
        assertThat(matches.apply("{\"status\": {\"$not\": {\"$contains\": \"x\"}}}"))
                .isEmpty();
        assertThat(matches.apply("{\"status\": \"x\"}")).isEmpty();
    }

    @Test
    void fullTextRequiresEveryIndexedWordAndTestsTheOthersAsWholeWords() {
        MySqlDialect dialect = MySqlDialect.mariadb().withFullText("fts");
        SqlWriter w = new SqlWriter();
        assertThat(dialect.fullText(w, "o", "`o`.`properties`", "Fix THE \"login\" +bug -ui* fix e-mail", List.of()))
                .isTrue();
        Sql sql = w.toSql();
        assertThat(sql.text())
                .isEqualTo("MATCH(`o`.`fts`) AGAINST (? IN BOOLEAN MODE)"
                        + " AND CONCAT(' ', `o`.`fts`, ' ') LIKE ? ESCAPE '!'"
                        + " AND CONCAT(' ', `o`.`fts`, ' ') LIKE ? ESCAPE '!'");
        // the stopword is left out, the short words are whole-word tests
        assertThat(sql.binds()).containsExactly("+Fix +login +bug +mail", "% ui %", "% e %");
        // only stopwords: whole-word tests
        SqlWriter stop = new SqlWriter();
        dialect.fullText(stop, "o", "`o`.`properties`", "The who", List.of());
        assertThat(stop.toSql().binds()).containsExactly("% The %", "% who %");
        SqlWriter none = new SqlWriter();
        assertThat(dialect.fullText(none, "o", "`o`.`properties`", "*** !", List.of()))
                .isTrue();
        assertThat(none.toSql().text()).isEqualTo("FALSE");
        SqlWriter underscore = new SqlWriter();
        dialect.fullText(underscore, "o", "`o`.`properties`", "a_b %", List.of());
        assertThat(underscore.toSql().binds()).containsExactly("+a_b");
        SqlWriter shortOne = new SqlWriter();
        dialect.fullText(shortOne, "o", "`o`.`properties`", "_", List.of());
        assertThat(shortOne.toSql().binds()).containsExactly("% !_ %");
        // without the column: the fallback
        assertThat(MySqlDialect.mariadb().fullText(new SqlWriter(), "o", "`o`.`properties`", "login", List.of()))
                .isFalse();
        assertThat(InnoDbFullText.words("caf\u00e9\u0301 x\u00b2y emoji\ud83d\ude00word"))
                .containsExactly("caf\u00e9\u0301", "x\u00b2y", "emoji", "word");
    }

    @Test
    void fullTextWithFieldsRechecksEveryTestedWordInTheFieldsOnly() {
        MySqlDialect dialect = MySqlDialect.mariadb().withFullText("fts");
        SqlWriter w = new SqlWriter();
        dialect.fullText(
                w,
                "o",
                "`o`.`properties`",
                "Fix the ui",
                List.of(FieldPath.property("title"), FieldPath.property("notes")));
        Sql sql = w.toSql();
        // the index's tests, then the same words in the fields' strings (paths are binds)
        assertThat(sql.text())
                .startsWith("MATCH(`o`.`fts`) AGAINST (? IN BOOLEAN MODE) AND CONCAT(' ', `o`.`fts`, ' ') LIKE ?")
                .contains("JSON_EXTRACT(`o`.`properties`, ?, ?)")
                .contains("COLLATE utf8mb4_unicode_520_ci")
                .doesNotContain("title");
        assertThat(sql.binds()).containsSubsequence("+Fix", "% ui %", "$.title", "$.notes", "% Fix %");
        assertThat(sql.binds()).containsSubsequence("$.title", "$.notes", "% ui %");
        assertThat(sql.binds()).doesNotContain("% the %");
    }

    @Test
    void fullTextNeverRequiresAWordTheServersIndexLacks() {
        // a server with innodb_ft_min_token_size = 4 and its own stopword "billing"
        InnoDbFullText.Vocabulary server = new InnoDbFullText.Vocabulary(4, 10, java.util.Set.of("the", "billing"));
        SqlWriter w = new SqlWriter();
        InnoDbFullText.write(w, "`o`.`fts`", "fix the billing export averyveryverylongword", server, null);
        assertThat(w.toSql().binds()).containsExactly("+export", "% fix %", "% averyveryverylongword %");
        SqlWriter defaults = new SqlWriter();
        InnoDbFullText.write(defaults, "`o`.`fts`", "fix the billing export", InnoDbFullText.Vocabulary.DEFAULT, null);
        assertThat(defaults.toSql().binds()).containsExactly("+fix +billing +export");
    }

    @Test
    void fullTextIsMariaDbsAndNamedByTheNamingRule() {
        assertThatThrownBy(() -> MySqlDialect.mysql().withFullText("fts"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs MariaDB");
        assertThatThrownBy(() -> MySqlDialect.mariadb().withFullText("f ts"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a valid name");
        MySqlDialect dialect = MySqlDialect.mariadb().withFullText("fts");
        assertThat(dialect).hasToString("MySqlDialect.mariadb().withFullText(\"fts\")");
        List<String> ddl = dialect.ddl().createGraphLayout(StoreMapping.graph());
        assertThat(ddl)
                .anySatisfy(s -> assertThat(s)
                        .startsWith("ALTER TABLE `quarry_objects` ADD COLUMN IF NOT EXISTS `fts` LONGTEXT")
                        .contains("STORED COMMENT 'quarry:fulltext:v1'")
                        .doesNotContain("\\"))
                .contains("CREATE FULLTEXT INDEX IF NOT EXISTS `quarry_objects_fts` ON `quarry_objects` (`fts`)");
        assertThat(MySqlDialect.mariadb().ddl().createGraphLayout(StoreMapping.graph()))
                .noneMatch(s -> s.contains("FULLTEXT"));
        // the generated columns keep full text
        assertThat(dialect.withGeneratedColumns(StoreMapping.graph(), java.util.Map.of("s:status", "q1s_status"))
                        .fullText(new SqlWriter(), "o", "`o`.`properties`", "login", List.of()))
                .isTrue();
    }
}
