package io.quarry.neo4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.demo.DemoData;
import io.quarry.demo.DemoDataGenerator;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The demo loaded into Neo4j answers as on H2: every step of {@code quarry tour} (every tool of the
 * catalog once and a mistake), the typed tools, {@code related_to_id} both ways, aggregations and
 * {@code get_project_graph} with the configured caps, priority and coverage give the same text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class Neo4jDemoTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ToolContext TOUR = ToolContext.builder()
            .scope(Scope.of("org_id", "acme"))
            .clock(Clock.fixed(DemoDataGenerator.NOW, ZoneOffset.UTC))
            .build();
    private Toolkit onH2;
    private Toolkit onNeo4j;

    @BeforeAll
    void load() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:neo4j_demo_test;DB_CLOSE_DELAY=-1");
        onH2 = DemoData.toolkit(DemoData.load(h2));
        onNeo4j = DemoData.toolkit(TestNeo4j.store("demo", DemoData.data()));
    }

    /** The tour's steps (cli's TourCommand), then more of every kind of call. */
    static Stream<Arguments> calls() {
        return Stream.of(
                Arguments.of("get_database_schema", "{\"detail\": \"names\"}"),
                Arguments.of("get_database_schema", "{\"types\": [\"Task\", \"Risk\"]}"),
                Arguments.of("discover_schema", "{\"query\": \"risk likelihood\", \"limit\": 1}"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"properties\": {\"status\": \"Blocked\", \"priority\": {\"$gte\": 8}},"
                                + " \"sort\": [{\"field\": \"priority\", \"direction\": \"desc\"}], \"limit\": 2}"),
                Arguments.of("get_graph_object", "{\"id\": \"task-0001\"}"),
                Arguments.of(
                        "get_object_relationships",
                        "{\"id\": \"risk-001\", \"direction\": \"out\", \"relationship_type\": \"blocks\", \"limit\": 2}"),
                Arguments.of(
                        "text_pattern_search",
                        "{\"entity_type\": \"Task\", \"field\": \"title\", \"pattern\": \"sso\", \"limit\": 2}"),
                Arguments.of(
                        "datetime_range_search",
                        "{\"entity_type\": \"Task\", \"field\": \"completed_at\", \"mode\": \"relative\","
                                + " \"relative_period\": \"last_7_days\", \"limit\": 2}"),
                Arguments.of(
                        "number_range_search",
                        "{\"entity_type\": \"Task\", \"field\": \"estimate_hours\", \"operator\": \"approximately\","
                                + " \"value\": 40, \"tolerance\": 4, \"limit\": 2}"),
                Arguments.of(
                        "enum_filter_search",
                        "{\"entity_type\": \"Risk\", \"field\": \"impact\", \"values\": [\"high\", \"critical\"],"
                                + " \"limit\": 2}"),
                Arguments.of(
                        "aggregate_graph_objects",
                        "{\"type\": \"Task\", \"group_by\": \"status\", \"metrics\": [{\"op\": \"count\"},"
                                + " {\"op\": \"avg\", \"field\": \"estimate_hours\"}]}"),
                Arguments.of(
                        "get_project_graph",
                        "{\"root_id\": \"proj-01\", \"max_depth\": 1, \"max_nodes\": 6, \"max_per_kind\": 2}"),
                Arguments.of("query_graph_objects", "{\"type\": \"Task\", \"properties\": {\"prority\": 5}}"),
                // beyond the tour: pages, related_to_id both ways, the whole snapshot, more aggregations
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Task\", \"related_to_id\": \"proj-02\", \"sort\": [{\"field\": \"due_at\"}],"
                                + " \"limit\": 5}"),
                Arguments.of("query_graph_objects", "{\"type\": \"Risk\", \"related_to_id\": \"task-0001\"}"),
                Arguments.of("query_graph_objects", "{\"type\": \"Project\", \"related_to_id\": \"risk-001\"}"),
                Arguments.of(
                        "query_graph_objects",
                        "{\"type\": \"Document\", \"query\": \"salesforce migration\", \"limit\": 3}"),
                Arguments.of("get_object_relationships", "{\"id\": \"task-0001\", \"direction\": \"in\"}"),
                Arguments.of("get_project_graph", "{\"root_id\": \"proj-01\"}"),
                Arguments.of("get_project_graph", "{\"root_id\": \"proj-03\", \"max_depth\": 2}"),
                Arguments.of("get_project_graph", "{\"root_id\": \"task-0001\", \"max_depth\": 2, \"max_edges\": 5}"),
                Arguments.of("get_project_graph", "{\"root_id\": \"proj-99\"}"),
                Arguments.of(
                        "aggregate_graph_objects",
                        "{\"type\": \"Task\", \"group_by\": \"priority\", \"metrics\": [{\"op\": \"count\"},"
                                + " {\"op\": \"sum\", \"field\": \"estimate_hours\"}, {\"op\": \"max\", \"field\":"
                                + " \"due_at\"}]}"),
                Arguments.of(
                        "aggregate_graph_objects", "{\"group_by\": \"type\", \"metrics\":" + " [{\"op\": \"count\"}]}"),
                Arguments.of(
                        "aggregate_graph_objects",
                        "{\"type\": \"Task\", \"group_by\": {\"field\": \"created_at\", \"bucket\": \"month\"},"
                                + " \"metrics\": [{\"op\": \"count\"}, {\"op\": \"percentile\", \"field\":"
                                + " \"estimate_hours\", \"p\": 90}]}"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("calls")
    void answersAsOnH2(String tool, String arguments) throws Exception {
        String expected = onH2.call(tool, JSON.readTree(arguments), TOUR).text();
        assertThat(onNeo4j.call(tool, JSON.readTree(arguments), TOUR).text())
                .as(tool + " " + arguments)
                .isEqualTo(expected);
        assertThat(expected).as("a call that answers, not an error").doesNotContain("INTERNAL");
    }
}
