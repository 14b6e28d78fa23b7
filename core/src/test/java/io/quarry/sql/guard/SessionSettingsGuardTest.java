package io.quarry.sql.guard;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.error.QueryException;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.Dialect;
import io.quarry.sql.StoreMapping;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.store.Scope;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The session settings a store sets from the caller ({@code store.session}) cannot be changed by the
 * model through {@code run_readonly_sql}: every statement that would write a setting or a user
 * variable is refused, on the dialects that take settings.
 */
class SessionSettingsGuardTest {
    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of("Note", Field.of("title", FieldType.STRING)))
            .build();
    private static final Map<String, Dialect> DIALECTS =
            Map.of("postgres", new PostgresDialect(), "mariadb", MySqlDialect.mariadb(), "mysql", MySqlDialect.mysql());

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "postgres|SELECT set_config('app.user_id', 'bob', false) AS x",
                "postgres|SELECT title FROM Note WHERE set_config('app.user_id', 'bob', true) <> ''",
                "postgres|SET app.user_id = 'bob'",
                "postgres|RESET app.user_id",
                "postgres|SELECT pg_catalog.set_config('app.user_id', 'bob', true) AS x",
                "mariadb|SELECT @`app.user_id` := 'bob' AS x",
                "mariadb|SELECT title FROM Note WHERE (@`app.user_id` := 'bob') IS NOT NULL",
                "mariadb|SET @`app.user_id` = 'bob'",
                "mariadb|SELECT title INTO @`app.user_id` FROM Note LIMIT 1",
                "mysql|SELECT @`app.user_id` := 'bob' AS x",
                "mysql|SET @`app.user_id` = 'bob'",
            })
    void aStatementThatWouldChangeASettingIsRefused(String dialect, String sql) {
        SqlGuard guard = SqlGuard.of(SCHEMA, StoreMapping.graph(), DIALECTS.get(dialect));
        assertThatThrownBy(() -> guard.check(sql, Scope.unrestricted(), 10)).isInstanceOf(QueryException.class);
    }
}
