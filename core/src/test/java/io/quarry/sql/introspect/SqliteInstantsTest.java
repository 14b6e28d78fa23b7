package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SQLite keeps dates as whatever was written: introspection samples the rows of date-like columns
 * and maps ISO text, epoch seconds and epoch milliseconds to the column types that read them as
 * instants; the table layout then reads, filters and sorts them as the evaluator does over the objects
 * it returns. No value is ever a made-up instant near 1970.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqliteInstantsTest {
    private Introspection result;
    private Schema schema;
    private JdbcObjectStore store;
    private InMemoryObjectStore memory;

    @BeforeAll
    void load() throws Exception {
        DataSource ds = Backend.SQLITE.dataSource("sqlite_instants");
        try (Connection c = ds.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE event (event_id INTEGER PRIMARY KEY, title TEXT, happened_at TEXT,"
                    + " logged_ts INTEGER, seen_at INTEGER, due_on TEXT, stamp DATETIME, messy DATETIME,"
                    + " created_at DATETIME, size INTEGER)");
            s.execute("INSERT INTO event VALUES"
                    + " (1, 'a', '2021-01-01 00:00:00', 1609459200, 1609459200123, '2021-01-01',"
                    + " '2021-01-01T10:00:00Z', '2021-01-01', '2025-03-04 05:06:07', 3),"
                    + " (2, 'b', '2021-06-30T12:30:00.250+02:00', 1625049000, 1625049000250, '2021-06-30',"
                    + " '2021-06-30 12:30', 'yesterday', '2025-03-04 05:06:08', 4),"
                    + " (3, 'c', NULL, NULL, NULL, NULL, NULL, NULL, '1969-12-31 23:59:59.500', 5),"
                    + " (4, 'd', '1999-12-31 23:59:59', 946684799, 946684799000, '1999-12-31',"
                    + " '1999-12-31 23:59:59', '2020', '2000-01-01 00:00:00', 6)");
        }
        result = Introspector.builder().dataSource(ds).build().introspect();
        QuarryConfig config = QuarryConfig.parse(result.toYaml(), "instants.yaml");
        schema = config.schema().orElseThrow();
        store = JdbcObjectStore.builder()
                .dataSource(ds)
                .dialect(Backend.SQLITE.dialect(ds))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout();
        memory = InMemoryObjectStore.of(
                store.search(ObjectQuery.builder()
                                .types(List.of("Event"))
                                .limit(100)
                                .build())
                        .items(),
                List.of());
    }

    @Test
    void samplingFindsTheFormOfEachColumn() throws Exception {
        JsonNode fields = Json.parse(
                        Json.write(new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(result.toYaml())))
                .at("/store/tables/types/Event/fields");
        assertThat(fields.at("/happened_at/type").asText()).isEqualTo("timestamp_text");
        assertThat(fields.at("/logged_ts/type").asText()).isEqualTo("epoch_seconds");
        assertThat(fields.at("/seen_at/type").asText()).isEqualTo("epoch_millis");
        assertThat(fields.at("/due_on/type").asText()).isEqualTo("date");
        assertThat(fields.at("/stamp/type").asText()).isEqualTo("timestamp_text");
        assertThat(fields.at("/messy/type").asText()).isEqualTo("text"); // values that are no date-time
        assertThat(fields.at("/size/type").asText()).isEqualTo("integer"); // not a date-like name
        assertThat(fields.at("/title/type").asText()).isEqualTo("text");
    }

    @Test
    void instantsReadAsTheirIsoStrings() {
        GraphObject one = store.get("Event:1", Scope.unrestricted()).orElseThrow();
        assertThat(one.properties().get("happened_at").asText()).isEqualTo("2021-01-01T00:00:00Z");
        assertThat(one.properties().get("logged_ts").asText()).isEqualTo("2021-01-01T00:00:00Z");
        assertThat(one.properties().get("seen_at").asText()).isEqualTo("2021-01-01T00:00:00.123Z");
        assertThat(one.properties().get("due_on").asText()).isEqualTo("2021-01-01");
        assertThat(one.properties().get("stamp").asText()).isEqualTo("2021-01-01T10:00:00Z");
        assertThat(one.createdAt()).hasToString("2025-03-04T05:06:07Z");
        GraphObject two = store.get("Event:2", Scope.unrestricted()).orElseThrow();
        assertThat(two.properties().get("happened_at").asText()).isEqualTo("2021-06-30T10:30:00.250Z");
        assertThat(two.properties().get("seen_at").asText()).isEqualTo("2021-06-30T10:30:00.250Z");
        assertThat(two.properties().get("stamp").asText()).isEqualTo("2021-06-30T12:30:00Z");
        assertThat(store.get("Event:3", Scope.unrestricted()).orElseThrow().createdAt())
                .hasToString("1969-12-31T23:59:59.500Z");
        assertThat(store.get("Event:3", Scope.unrestricted())
                        .orElseThrow()
                        .properties()
                        .has("happened_at"))
                .isFalse();
        for (GraphObject o : memory.search(
                        ObjectQuery.builder().types(List.of("Event")).limit(100).build())
                .items()) {
            assertThat(Json.write(o.properties())).doesNotContain("1970-01-01");
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"happened_at\": {\"$gt\": \"2021-01-01T00:00:00Z\"}}",
                "{\"happened_at\": {\"$gte\": \"2021-01-01\"}}",
                "{\"happened_at\": {\"$lt\": \"2000-01-01\"}}",
                "{\"happened_at\": \"2021-06-30T10:30:00.250Z\"}",
                "{\"happened_at\": {\"$exists\": false}}",
                "{\"logged_ts\": {\"$gte\": \"2021-01-01T00:00:00Z\", \"$lt\": \"2021-07-01\"}}",
                "{\"logged_ts\": \"2021-01-01T00:00:00Z\"}",
                "{\"seen_at\": {\"$gt\": \"2021-01-01T00:00:00.122Z\"}}",
                "{\"seen_at\": {\"$in\": [\"2021-01-01T00:00:00.123Z\", \"1999-12-31T23:59:59Z\"]}}",
                "{\"stamp\": {\"$ne\": \"2021-01-01T10:00:00Z\"}}",
                "{\"created_at\": {\"$lt\": \"1970-01-01T00:00:00Z\"}}",
                "{\"created_at\": {\"$gte\": \"2025-03-04T05:06:08Z\"}}",
                "{\"$or\": [{\"due_on\": {\"$gt\": \"2021-01-01\"}}, {\"stamp\": {\"$lt\": \"2000-01-01\"}}]}"
            })
    void filtersAgreeWithTheEvaluator(String filter) throws Exception {
        ObjectQuery q = ObjectQuery.builder()
                .types(List.of("Event"))
                .filter(new FilterValidator(schema)
                        .validate(
                                FilterParser.withDefaults().parse(Json.parse(filter), ""),
                                schema.type("Event").orElseThrow()))
                .limit(100)
                .build();
        assertThat(ids(store.search(q).items())).isEqualTo(ids(memory.search(q).items()));
        assertThat(ids(store.search(q).items())).isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"happened_at", "logged_ts", "seen_at", "stamp", "created_at"})
    void sortsAgreeWithTheEvaluator(String field) {
        for (boolean descending : List.of(false, true)) {
            ObjectQuery q = ObjectQuery.builder()
                    .types(List.of("Event"))
                    .sort(List.of(new SortKey(
                            field.equals("created_at") ? FieldPath.systemField(field) : FieldPath.property(field),
                            descending)))
                    .limit(100)
                    .build();
            assertThat(ids(store.search(q).items()))
                    .isEqualTo(ids(memory.search(q).items()));
        }
    }

    @Test
    void anotherDatabaseRefusesTheFormsInOneLine() {
        DataSource h2 = Backend.H2.dataSource("instants_refused");
        QuarryConfig config = QuarryConfig.parse(
                "store: {layout: tables, tables: {types: {Event: {table: event, id: {column: id, type: integer},"
                        + " created_at: {column: made, type: epoch_seconds}}}}}",
                "refused.yaml");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> JdbcObjectStore.builder()
                        .dataSource(h2)
                        .dialect(Backend.H2.dialect(h2))
                        .mapping(config.store().orElseThrow())
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 'made' of table 'event' is epoch_seconds, which is read on SQLite only");
    }

    private static List<String> ids(List<GraphObject> objects) {
        return objects.stream().map(GraphObject::id).collect(Collectors.toList());
    }
}
