package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.internal.Json;
import io.quarry.sql.dialect.H2Dialect;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Page;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The graph layout counts a search's matches up to the store's cap, and not at all when the first page holds them all. */
class CountCapTest {
    private static final int OBJECTS = 30;

    private static JdbcObjectStore store(long cap) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:countcap_" + UUID.randomUUID().toString().replace("-", "") + ";DB_CLOSE_DELAY=-1");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new H2Dialect())
                .countCap(cap)
                .build();
        store.createLayout();
        List<GraphObject> objects = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
            objects.add(new GraphObject(
                    "t" + i, "Task", Json.object().put("n", i), Instant.EPOCH, Instant.EPOCH.plusSeconds(i), Map.of()));
        }
        store.load(new DataFile.DataSet(objects, List.of()));
        return store;
    }

    static Stream<Arguments> caps() {
        return Stream.of(
                // cap, limit, total, exact
                Arguments.of(1_000, 5, 30, true),
                Arguments.of(10, 5, 10, false),
                Arguments.of(29, 5, 29, false),
                Arguments.of(30, 5, 30, true),
                Arguments.of(0, 5, 30, true), // no cap
                Arguments.of(10, 30, 30, true), // the first page holds every match: counted from it
                Arguments.of(10, 50, 30, true));
    }

    @ParameterizedTest(name = "cap {0}, limit {1}: total {2}, exact {3}")
    @MethodSource("caps")
    void theTotalIsExactUpToTheCap(long cap, int limit, long total, boolean exact) {
        Page page = store(cap)
                .search(ObjectQuery.builder().type("Task").limit(limit).build());
        assertThat(page.items()).hasSize(Math.min(limit, OBJECTS));
        assertThat(page.total()).isEqualTo(total);
        assertThat(page.totalExact()).isEqualTo(exact);
    }

    @Test
    void aLaterPageIsCountedEvenWhenItHoldsTheRest() {
        JdbcObjectStore store = store(10);
        Page first = store.search(ObjectQuery.builder().type("Task").limit(20).build());
        Page second = store.search(ObjectQuery.builder()
                .type("Task")
                .limit(20)
                .cursor(first.nextCursor())
                .build());
        assertThat(second.items()).hasSize(10);
        assertThat(second.hasMore()).isFalse();
        assertThat(second.total()).isEqualTo(10);
        assertThat(second.totalExact()).isFalse();
    }
}
