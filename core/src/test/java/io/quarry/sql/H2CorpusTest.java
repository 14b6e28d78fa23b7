package io.quarry.sql;

import io.quarry.filter.FilterCases;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every id case of the filter corpus returns the same objects, in the same order, on H2. */
class H2CorpusTest {
    static JdbcObjectStore store;

    @BeforeAll
    static void load() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:h2corpus;DB_CLOSE_DELAY=-1");
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(new H2Dialect())
                .mapping(StoreMapping.graph())
                .build();
        store.createLayout();
        store.load(FilterCases.data());
    }

    static Stream<FilterCases.Case> idCases() {
        return FilterCases.idCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void h2ReturnsTheExpectedObjects(FilterCases.Case c) {
        ((FilterCases.Ids) c.expected()).check(FilterCases.ids(store, c), c);
    }
}
