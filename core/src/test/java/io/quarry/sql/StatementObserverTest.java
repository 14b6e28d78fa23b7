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
        assertThat(seen).isNotEmpty().allSatisfy(s -> {
            assertThat(s.operation).isEqualTo("ddl");
            assertThat(s.ended).isTrue();
            assertThat(s.failure).isNull();
        });
        seen.clear();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        store.load(new DataFile.DataSet(
                List.of(new GraphObject(
                        "zq7-task", "Task", Json.object().put("title", "Kestrel"), at, at, Map.of("org_id", "acme"))),
                List.of()));
        assertThat(seen).as("the load's statements").isNotEmpty().allSatisfy(s -> {
            assertThat(s.operation).isEqualTo("load");
            assertThat(s.dialect).isEqualTo("h2");
            assertThat(s.ended).as("ended: %s", s.sql).isTrue();
            assertThat(s.failure).isNull();
            assertThat(s.sql).contains("?").doesNotContain("zq7", "acme", "Task", "Kestrel");
        });
        assertThat(seen).anySatisfy(s -> assertThat(s.sql).startsWith("INSERT INTO"));
        seen.clear();

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

    @Test
    void aLoadTheDatabaseRefusesEndsItsStatementWithTheFailure() {
        List<Seen> seen = new ArrayList<>();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:statement-observer-load-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
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
        seen.clear();
        Instant at = Instant.parse("2024-03-01T10:00:00Z");
        try (java.sql.Connection c = ds.getConnection();
                java.sql.Statement st = c.createStatement()) {
            st.execute(
                    "ALTER TABLE \"quarry_objects\" ADD CONSTRAINT \"no_forbidden\" CHECK (\"type\" <> 'Forbidden')");
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
        GraphObject refused = new GraphObject(
                "zq7-refused", "Forbidden", Json.object().put("title", "Osprey"), at, at, Map.of("org_id", "acme"));
        // the database's constraint refuses the row: the insert's batch fails
        assertThatThrownBy(() -> store.load(new DataFile.DataSet(List.of(refused), List.of())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("loading failed, nothing was loaded");

        Seen insert = seen.stream()
                .filter(s -> s.sql.startsWith("INSERT INTO"))
                .findFirst()
                .orElseThrow();
        assertThat(insert.operation).isEqualTo("load");
        assertThat(insert.ended).isTrue();
        assertThat(insert.failure).isInstanceOf(java.sql.SQLException.class);
        assertThat(seen).allSatisfy(s -> {
            assertThat(s.ended).isTrue();
            assertThat(s.sql).doesNotContain("zq7", "acme", "Osprey", "Forbidden");
        });
    }
}
