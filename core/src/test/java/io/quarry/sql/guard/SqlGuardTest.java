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
                "SELECT title FROM Task WHERE priority > 2|SELECT \"task\".\"title\" FROM (…) \"task\" WHERE (\"task\".\"priority\" > ?) LIMIT 10",
                "select TITLE from task t order by 1 desc limit 3|SELECT \"t\".\"title\" FROM (…) \"t\" ORDER BY 1 DESC LIMIT 3",
                "SELECT priority, count(*) n FROM Task GROUP BY priority HAVING count(*) > 1|SELECT \"task\".\"priority\", COUNT(*) AS \"n\" FROM (…) \"task\" GROUP BY \"task\".\"priority\" HAVING (COUNT(*) > ?) LIMIT 10",
                "SELECT title FROM Task WHERE title IN ('a', 'b') AND priority = 1|SELECT \"task\".\"title\" FROM (…) \"task\" WHERE ((\"task\".\"title\" IN (?, ?)) AND (\"task\".\"priority\" = ?)) LIMIT 10",
                "SELECT -priority AS p FROM Task|SELECT (-\"task\".\"priority\") AS \"p\" FROM (…) \"task\" LIMIT 10",
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
                .startsWith("SELECT CONCAT(`task`.`title`, ?) AS `t` FROM (");
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
}
