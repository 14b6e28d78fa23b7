package io.quarry.sql;

import static io.quarry.sql.TableLayout.ColumnType.BOOLEAN;
import static io.quarry.sql.TableLayout.ColumnType.JSON;
import static io.quarry.sql.TableLayout.ColumnType.NUMBER;
import static io.quarry.sql.TableLayout.ColumnType.TEXT;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterCases;
import io.quarry.filter.FilterParser;
import io.quarry.filter.ValidatedFilter;
import io.quarry.sql.TableLayout.FieldColumn;
import io.quarry.store.AggregateQuery;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every id case of the filter corpus returns the same objects, in the same order, over a table layout
 * as the evaluator says: the messy Thing objects in a JSON column of their own table, Task's fields in
 * typed columns (text, number, boolean, JSON arrays) and at paths of a JSON column, Doc's in text
 * columns. Each backend's test class nests one subclass ({@link BackendUnderTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TableCorpusContract implements BackendUnderTest {
    JdbcObjectStore store;

    static TableLayout layout() {
        Map<String, FieldColumn> task = new LinkedHashMap<>();
        task.put("title", FieldColumn.column("title", TEXT));
        task.put("status", FieldColumn.column("status", TEXT));
        task.put("priority", FieldColumn.path("extra", "priority")); // holds a JSON null: not a number column
        task.put("score", FieldColumn.column("score", NUMBER));
        task.put("done", FieldColumn.column("done", BOOLEAN));
        task.put("due", FieldColumn.column("due", TEXT));
        task.put("due_at", FieldColumn.column("due_at", TEXT)); // spelled with offsets: text, not timestamp
        task.put("tags", FieldColumn.column("tags", JSON));
        task.put("labels", FieldColumn.column("labels", JSON));
        task.put("meta", FieldColumn.path("extra", "meta"));
        task.put("notes", FieldColumn.column("notes", TEXT));
        task.put("cost_code", FieldColumn.column("cost_code", TEXT));
        Map<String, FieldColumn> doc = new LinkedHashMap<>();
        for (String f : List.of("title", "body", "cost_code", "secret")) {
            doc.put(f, FieldColumn.column("d_" + f, TEXT));
        }
        return new TableLayout(
                List.of(
                        new TableLayout.TypeTable(
                                "Thing",
                                "things",
                                "id",
                                "created_at",
                                "updated_at",
                                List.of(),
                                Map.of(),
                                "props",
                                List.of()),
                        new TableLayout.TypeTable(
                                "Task", "tasks", "task_id", "created", "updated", List.of(), task, null, List.of()),
                        new TableLayout.TypeTable(
                                "Doc", "docs", "doc_id", "created", null, List.of(), doc, null, List.of())),
                List.of());
    }

    InMemoryObjectStore memory;

    @BeforeAll
    void load() {
        DataSource ds = backend().pooledDataSource("tables_corpus_" + backend().name());
        Dialect dialect = backend().dialect(ds);
        TableFixture.ddl(
                ds,
                dialect,
                "CREATE TABLE \"things\" (\"id\" VARCHAR(64) PRIMARY KEY, \"created_at\" {ts} NOT NULL, \"updated_at\" {ts} NOT NULL,"
                        + " \"props\" {json})",
                "CREATE TABLE \"tasks\" (\"task_id\" VARCHAR(64) PRIMARY KEY, \"created\" {ts} NOT NULL, \"updated\" {ts} NOT NULL,"
                        + " \"title\" {text}, \"status\" {text}, \"score\" {number}, \"done\" {bool}, \"due\" {text}, \"due_at\" {text},"
                        + " \"tags\" {json}, \"labels\" {json}, \"notes\" {text}, \"cost_code\" {text}, \"extra\" {json})",
                "CREATE TABLE \"docs\" (\"doc_id\" VARCHAR(64) PRIMARY KEY, \"created\" {ts} NOT NULL, \"d_title\" {text},"
                        + " \"d_body\" {text}, \"d_cost_code\" {text}, \"d_secret\" {text})");
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(dialect)
                .mapping(StoreMapping.tables(layout()))
                .timeout(Backend.SLOW_MACHINE)
                .build();
        store.createLayout();
        TableFixture.load(ds, dialect, layout(), FilterCases.data());
        memory = InMemoryObjectStore.of(TableFixture.stored(layout(), FilterCases.data()));
    }

    Stream<FilterCases.Case> idCases() {
        return FilterCases.idCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void returnsTheObjectsTheEvaluatorReturns(FilterCases.Case c) {
        ((FilterCases.Ids) c.expected()).check(FilterCases.ids(store, c), c);
    }

    Stream<Arguments> aggregations() {
        List<Arguments> out = new ArrayList<>();
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("Thing", List.of("g", "n", "s", "d", "t", "tags", "flag", "addr.city"));
        groups.put("Task", List.of("status", "priority", "tags", "done", "due_at", "meta.owner"));
        groups.forEach((type, fields) -> {
            for (String group : fields) {
                for (String field : fields) {
                    out.add(Arguments.of(List.of(type), group, field, 1_000));
                }
            }
            out.add(Arguments.of(List.of(type), null, fields.get(1), 1_000));
        });
        out.add(Arguments.of(List.of("Thing", "Task", "Doc"), "type", "title", 1_000));
        out.add(Arguments.of(List.of("Thing", "Task", "Doc"), "title", "n", 40));
        return out.stream();
    }

    /**
     * Aggregations over the messy objects (numeric strings, arrays, nulls, dates with offsets) in
     * typed and JSON columns give the evaluator's groups and values: count, count of a field, sum,
     * avg, min, max and a percentile of each field grouped by each other.
     */
    @ParameterizedTest(name = "{0} group by {1}, metrics of {2}, at most {3}")
    @MethodSource("aggregations")
    void aggregationsAreTheEvaluators(List<String> types, String group, String field, int maxObjects) {
        FilterParser parser = FilterParser.withDefaults();
        FieldPath path = parser.parsePath(field, "field");
        List<AggregateQuery.Metric> metrics = new ArrayList<>();
        metrics.add(new AggregateQuery.Metric(AggregateQuery.Op.COUNT, null, null));
        for (AggregateQuery.Op op : List.of(
                AggregateQuery.Op.COUNT,
                AggregateQuery.Op.SUM,
                AggregateQuery.Op.AVG,
                AggregateQuery.Op.MIN,
                AggregateQuery.Op.MAX)) {
            metrics.add(new AggregateQuery.Metric(op, path, null));
        }
        metrics.add(new AggregateQuery.Metric(AggregateQuery.Op.PERCENTILE, path, new BigDecimal(90)));
        AggregateQuery query = new AggregateQuery(
                types,
                ValidatedFilter.matchAll(),
                group == null ? null : parser.parsePath(group, "group_by"),
                metrics,
                Scope.unrestricted(),
                maxObjects);
        assertThat(store.aggregate(query)).isEqualTo(memory.aggregate(query));
    }
}
