package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * The store tells its {@link StatementObserver} of each read statement, with the dialect, the operation
 * and the text with {@code ?} for the values, and ends each one: with {@code null}, or with what running
 * it threw.
 */
class StatementObserverTest {
    /** One observed statement. */
    private static final class Seen {
        final String dialect;
        final String operation;
        final String sql;
        boolean ended;
        Throwable failure;

        Seen(String dialect, String operation, String sql) {
            this.dialect = dialect;
            this.operation = operation;
            this.sql = sql;
        }
    }

    @Test
    void eachReadStatementIsStartedAndEndedWithItsShapeAndNoValue() {
        List<Seen> seen = new ArrayList<>();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:statement-observer-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new H2Dialect())
                .mapping(StoreMapping.graph("org_id"))
                .statementObserver((dialect, operation, sql) -> {
                    Seen s = new Seen(dialect, operation, sql);
                    seen.add(s);
                    return failure -> {
                        s.ended = true;
                        s.failure = failure;
                    };
                })
                .build();
        store.createLayout();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        store.load(new DataFile.DataSet(
                List.of(new GraphObject(
                        "zq7-task", "Task", Json.object().put("title", "Kestrel"), at, at, Map.of("org_id", "acme"))),
                List.of()));
        assertThat(seen).as("loads are not observed").isEmpty();

        Scope acme = Scope.of("org_id", "acme");
        assertThat(store.search(ObjectQuery.builder()
                                .type("Task")
                                .filter(ValidatedFilter.matchAll())
                                .limit(5)
                                .scope(acme)
                                .build())
                        .items())
                .hasSize(1);
        assertThat(store.get("zq7-task", acme)).isPresent();
        assertThat(store.countByType(acme)).containsEntry("Task", 1L);
        assertThatThrownBy(() -> store.readonly(new Sql("SELECT * FROM \"no_such_table\" WHERE x = ?", List.of("zq7"))))
                .isInstanceOf(IllegalStateException.class);

        assertThat(seen).extracting(s -> s.operation).contains("search", "get", "count_by_type", "sql");
        for (Seen s : seen) {
            assertThat(s.dialect).isEqualTo("h2");
            assertThat(s.ended).as("ended: %s", s.sql).isTrue();
            assertThat(s.sql).contains("?").doesNotContain("zq7", "acme", "Task", "Kestrel");
        }
        Seen failed = seen.get(seen.size() - 1);
        assertThat(failed.operation).isEqualTo("sql");
        assertThat(failed.failure).isInstanceOf(java.sql.SQLException.class);
        assertThat(seen.subList(0, seen.size() - 1))
                .allSatisfy(s -> assertThat(s.failure).isNull());
    }
}
