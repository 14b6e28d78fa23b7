package io.quarry.sql.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.error.QueryException;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.Sql;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.store.Scope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@link SqlGuard} writes, without a database: the outer query as written, binds in order. */
class SqlGuardTest {
    static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of(
                    "Task",
                    Field.of("title", FieldType.STRING),
                    Field.of("priority", FieldType.INTEGER),
                    Field.of("secret", FieldType.STRING).hidden()))
            .build();
    static final SqlGuard H2 = SqlGuard.of(SCHEMA, StoreMapping.graph("org_id"), new H2Dialect());
    static final Scope ACME = Scope.of("org_id", "acme");

    /** The statement with each relation's subquery cut to {@code (…)}. */
    static String outer(Sql sql) {
        return sql.text().replaceAll("\\(SELECT \"quarry_row\".*?\"org_id\" = \\?\\)", "(…)");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT title FROM Task WHERE priority > 2|SELECT \"quarry_t1\".\"title\" FROM (…) \"quarry_t1\" WHERE (\"quarry_t1\".\"priority\" > CAST(? AS INTEGER)) LIMIT 10",
                "select TITLE from task t order by 1 desc limit 3|SELECT \"quarry_t1\".\"title\" FROM (…) \"quarry_t1\" ORDER BY 1 DESC LIMIT 3",
                "SELECT priority, count(*) n FROM Task GROUP BY priority HAVING count(*) > 1|SELECT \"quarry_t1\".\"priority\", COUNT(*) AS \"n\" FROM (…) \"quarry_t1\" GROUP BY \"quarry_t1\".\"priority\" HAVING (COUNT(*) > CAST(? AS INTEGER)) LIMIT 10",
                "SELECT title FROM Task WHERE title IN ('a', 'b') AND priority = 1|SELECT \"quarry_t1\".\"title\" FROM (…) \"quarry_t1\" WHERE ((\"quarry_t1\".\"title\" IN (CAST(? AS VARCHAR), CAST(? AS VARCHAR))) AND (\"quarry_t1\".\"priority\" = CAST(? AS INTEGER))) LIMIT 10",
                "SELECT -priority AS p FROM Task|SELECT (-\"quarry_t1\".\"priority\") AS \"p\" FROM (…) \"quarry_t1\" LIMIT 10",
            })
    void writesTheStatementAnew(String sql, String expected) {
        assertThat(outer(H2.check(sql, ACME, 10))).isEqualTo(expected);
    }

    @Test
    void literalsAndTheScopeAreBindsInTextOrder() {
        Sql sql = H2.check("SELECT 'x' AS a, title FROM Task WHERE title = 'it''s'", ACME, 5);
        assertThat(sql.binds()).containsExactly("x", "title", "priority", "Task", "acme", "it's");
        assertThat(sql.text()).doesNotContain("it's").doesNotContain("acme");
    }

    @Test
    void mysqlConcatIsNotOr() {
        SqlGuard mysql = SqlGuard.of(SCHEMA, StoreMapping.graph("org_id"), MySqlDialect.mysql());
        assertThat(mysql.check("SELECT title || 'x' AS t FROM Task", ACME, 5).text())
                .startsWith("SELECT CONCAT(SUBSTR(`quarry_t1`.`title`, 1, 50000), ?) AS `t` FROM (");
    }

    @Test
    void aCappedLimitKeepsTheSmallerOne() {
        assertThat(H2.check("SELECT title FROM Task LIMIT 3", ACME, 50).text()).endsWith(" LIMIT 3");
        assertThat(H2.check("SELECT title FROM Task LIMIT 300", ACME, 50).text())
                .endsWith(" LIMIT 50");
    }

    @Test
    void hiddenFieldsAreNotColumns() {
        assertThat(H2.columns("Task")).containsExactly("id", "title", "priority", "created_at", "updated_at");
        assertThatThrownBy(() -> H2.check("SELECT t.SECRET FROM Task t", ACME, 5))
                .isInstanceOf(QueryException.class)
                .satisfies(e -> assertThat(((QueryException) e).first().toString())
                        .isEqualTo("FORBIDDEN_FIELD at 'sql@1:8': The field Task.secret is hidden."
                                + " (Use only the columns get_database_schema lists for Task.)"));
    }

    /** Numbers out of range anywhere in the statement, and texts that could grow without bound. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "SELECT title FROM Task LIMIT 99999999999999999999|The number 99999999999999999999 is too large for a LIMIT.",
                "SELECT title FROM Task LIMIT 5 OFFSET 99999999999999999999|The number 99999999999999999999 is too large for an OFFSET.",
                "SELECT title FROM Task ORDER BY 99999999999999999999|The number 99999999999999999999 is too large for a column position.",
                "SELECT title FROM Task GROUP BY 99999999999999999999|The number 99999999999999999999 is too large for a column position.",
                "SELECT title FROM Task WHERE priority > 1e999999999|The number 1e999999999 is out of range.",
                "SELECT 123456789012345678901234567890123456789|The number 123456789012345678901234567890123456789 is out of range.",
                "SELECT 1e-39|The number 1e-39 is out of range.",
                "SELECT repeat('x', 1000000000)|This statement could build a text too large to answer: repeat's length must be a whole number from 0 to 100000.",
                "SELECT repeat(title, 3) FROM Task|This statement could build a text too large to answer: repeat's text must be a quoted string: repeat('*', 3).",
                "SELECT repeat('xy', 60000)|This statement could build a text too large to answer: repeat may build at most 100000 characters.",
                "SELECT lpad('x', 2147483647, 'y')|This statement could build a text too large to answer: lpad's length must be a whole number from 0 to 100000.",
                "SELECT rpad(title, 1000000000) FROM Task|This statement could build a text too large to answer: rpad's length must be a whole number from 0 to 100000.",
                "SELECT rpad(title, priority) FROM Task|This statement could build a text too large to answer: rpad's length must be a whole number from 0 to 100000.",
                "SELECT replace(replace(title, 'a', title), 'a', title) FROM Task|This statement could build a text too large to answer: replace's replacement must be a quoted string: replace(title, 'a', 'b').",
            })
    void numbersAndTextsAreBoundedBeforeTheDatabaseSeesThem(String sql, String message) {
        assertThatThrownBy(() -> H2.check(sql, ACME, 10))
                .isInstanceOf(QueryException.class)
                .satisfies(e -> {
                    assertThat(((QueryException) e).first().code())
                            .isEqualTo(io.quarry.error.ErrorCode.SQL_NOT_ALLOWED);
                    assertThat(((QueryException) e).first().message()).isEqualTo(message);
                    assertThat(((QueryException) e).first().hint()).isNotBlank();
                    assertThat(((QueryException) e).first().path()).startsWith("sql@");
                });
    }

    /** What the string-building functions become: literal counts, subjects cut to what they may grow to. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            value = {
                "SELECT repeat('ab', 3)#SELECT REPEAT(CAST(? AS VARCHAR), 3) LIMIT 10",
                "SELECT lpad(title, 8, '*') FROM Task#SELECT LPAD(SUBSTR(\"quarry_t1\".\"title\", 1, 100000), 8, CAST(? AS VARCHAR)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT replace(title, 'a', 'b') FROM Task#SELECT REPLACE(SUBSTR(\"quarry_t1\".\"title\", 1, 100000), CAST(? AS VARCHAR), CAST(? AS VARCHAR)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT replace(title, 'a', 'bcd') FROM Task#SELECT REPLACE(SUBSTR(\"quarry_t1\".\"title\", 1, 33333), CAST(? AS VARCHAR), CAST(? AS VARCHAR)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT title || title || 'x' FROM Task#SELECT (SUBSTR(\"quarry_t1\".\"title\", 1, 33333) || SUBSTR(\"quarry_t1\".\"title\", 1, 33333) || CAST(? AS VARCHAR)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT title || (title || title) FROM Task#SELECT (SUBSTR(\"quarry_t1\".\"title\", 1, 50000) || SUBSTR(((SUBSTR(\"quarry_t1\".\"title\", 1, 50000) || SUBSTR(\"quarry_t1\".\"title\", 1, 50000))), 1, 50000)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT concat(title, title, title, title) FROM Task#SELECT CONCAT(SUBSTR(\"quarry_t1\".\"title\", 1, 25000), SUBSTR(\"quarry_t1\".\"title\", 1, 25000), SUBSTR(\"quarry_t1\".\"title\", 1, 25000), SUBSTR(\"quarry_t1\".\"title\", 1, 25000)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT round(priority, -2), round(priority, 38) FROM Task#SELECT ROUND(\"quarry_t1\".\"priority\", (-CAST(? AS INTEGER))), ROUND(\"quarry_t1\".\"priority\", CAST(? AS INTEGER)) FROM (…) \"quarry_t1\" LIMIT 10",
                "SELECT 2147483647 + 2147483648#SELECT (CAST(? AS INTEGER) + CAST(? AS BIGINT)) LIMIT 10",
            })
    void stringBuildersAreWrittenBounded(String sql, String expected) {
        assertThat(outer(H2.check(sql, ACME, 10))).isEqualTo(expected);
    }

    @Test
    void integersBindAsIntWhereTheyFitAndLongOtherwise() {
        assertThat(H2.check("SELECT 2147483647 + 2147483648 + 99999999999999999999", ACME, 10)
                        .binds())
                .containsExactly(2147483647, 2147483648L, new java.math.BigDecimal("99999999999999999999"));
    }

    /** A WITH query is written out where it is named, under an alias of the guard's: no name of the model's reaches the database. */
    @Test
    void noNameTheModelChoseReachesTheDatabase() {
        Sql sql = H2.check(
                "WITH quarry_objects AS (SELECT id, title FROM Task) SELECT canary.title FROM quarry_objects canary"
                        + " JOIN Task Person ON Person.id = canary.id",
                ACME,
                10);
        assertThat(outer(sql))
                .isEqualTo("SELECT \"quarry_t2\".\"title\" FROM (SELECT \"quarry_t1\".\"id\", \"quarry_t1\".\"title\""
                        + " FROM (…) \"quarry_t1\") \"quarry_t2\" JOIN (…) \"quarry_t3\" ON (\"quarry_t3\".\"id\" ="
                        + " \"quarry_t2\".\"id\") LIMIT 10");
        assertThat(sql.text()).doesNotContain("canary").doesNotContain("WITH").doesNotContain("Person");
    }
}
