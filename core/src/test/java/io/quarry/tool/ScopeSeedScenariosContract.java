package io.quarry.tool;

import static io.quarry.tool.Fixture.ids;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seed scenarios of the type-specialized tools on code scopes, with a fixed clock: each question
 * takes one or two typed calls; their answer is the intersection, and the filters they report they
 * ran, combined in one query_graph_objects call, give the same objects.
 */
abstract class ScopeSeedScenariosContract extends ToolContract {
    private static final ToolContext AT_NOON = ToolContext.builder()
            .clock(Clock.fixed(Instant.parse("2024-06-15T12:00:00Z"), ZoneOffset.UTC))
            .build();
    private Toolkit toolkit;

    Toolkit scopes() {
        if (toolkit == null) {
            toolkit = toolkit("scopes.yaml", "scopes-data.json");
        }
        return toolkit;
    }

    static Stream<Arguments> scenarios() {
        List<Arguments> cases = new ArrayList<>();
        cases.add(Arguments.of(
                "auth-related names modified in the last week",
                List.of(
                        "datetime_range_search {\"entity_type\": \"Scope\", \"field\": \"last_modified\", "
                                + "\"mode\": \"relative\", \"relative_period\": \"last_7_days\"}",
                        "text_pattern_search {\"entity_type\": \"Scope\", \"field\": \"name\", \"pattern\": \"auth\"}"),
                List.of("s11", "s01", "s02", "s03")));
        cases.add(Arguments.of(
                "classes over 200 lines",
                List.of(
                        "number_range_search {\"entity_type\": \"Scope\", \"field\": \"line_count\", "
                                + "\"operator\": \"gt\", \"value\": 200}",
                        "enum_filter_search {\"entity_type\": \"Scope\", \"field\": \"type\", \"values\": [\"class\"]}"),
                List.of("s05", "s10", "s01")));
        cases.add(Arguments.of(
                "functions of about 50 lines, give or take 10",
                List.of(
                        "number_range_search {\"entity_type\": \"Scope\", \"field\": \"line_count\", "
                                + "\"operator\": \"approximately\", \"value\": 50, \"tolerance\": 10}",
                        "enum_filter_search {\"entity_type\": \"Scope\", \"field\": \"type\", \"values\": [\"function\"]}"),
                List.of("s06", "s02", "s11", "s08")));
        cases.add(Arguments.of(
                "code untouched since 2023",
                List.of("datetime_range_search {\"entity_type\": \"Scope\", \"field\": \"last_modified\", "
                        + "\"mode\": \"before\", \"datetime\": \"2024-01-01\"}"),
                List.of("s06", "s08", "s09", "s10")));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void typedCallsAnswerTheQuestion(String question, List<String> calls, List<String> expected) throws Exception {
        List<String> answer = null;
        ArrayNode and = Json.MAPPER.createArrayNode();
        for (String call : calls) {
            int space = call.indexOf(' ');
            ObjectNode result = Fixture.call(scopes(), call.substring(0, space), call.substring(space + 1), AT_NOON);
            assertThat(result.has("error")).as(result.toString()).isFalse();
            assertThat(result.get("truncated").asBoolean()).isFalse();
            List<String> ids = ids(result);
            answer =
                    answer == null ? ids : answer.stream().filter(ids::contains).toList();
            and.add(result.at("/query_graph_objects/properties"));
        }
        assertThat(answer).as(question).isEqualTo(expected);
        ObjectNode combined = Json.object();
        combined.put("type", "Scope");
        combined.putObject("properties").set("$and", and);
        combined.put("limit", 100);
        JsonNode direct =
                scopes().call("query_graph_objects", combined, AT_NOON).json();
        assertThat(ids(direct)).as(direct.toString()).containsExactlyInAnyOrderElementsOf(expected);
    }
}
