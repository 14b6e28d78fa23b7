package io.quarry.sql;

import static io.quarry.sql.TableLayout.ColumnType.BOOLEAN;
import static io.quarry.sql.TableLayout.ColumnType.JSON;
import static io.quarry.sql.TableLayout.ColumnType.NUMBER;
import static io.quarry.sql.TableLayout.ColumnType.TEXT;

import io.quarry.filter.FilterCases;
import io.quarry.sql.TableLayout.FieldColumn;
import io.quarry.sql.dialect.Dialect;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every id case of the filter corpus returns the same objects, in the same order, over a table layout
 * as the evaluator says: the messy Thing objects in a JSON column of their own table, Task's fields in
 * typed columns (text, number, boolean, JSON arrays) and at paths of a JSON column, Doc's in text
 * columns. One subclass per backend names it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class TableCorpusContract {
    JdbcObjectStore store;

    /** The backend under test. */
    abstract Backend backend();

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

    @BeforeAll
    void load() {
        DataSource ds = backend().dataSource("tables_corpus_" + backend().name());
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
                .build();
        store.createLayout();
        TableFixture.load(ds, dialect, layout(), FilterCases.data());
    }

    Stream<FilterCases.Case> idCases() {
        return FilterCases.idCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void returnsTheObjectsTheEvaluatorReturns(FilterCases.Case c) {
        ((FilterCases.Ids) c.expected()).check(FilterCases.ids(store, c), c);
    }
}
