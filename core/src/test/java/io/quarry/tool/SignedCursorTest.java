package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cursors signed with the host's key: two toolkits over their own stores that share only the key
 * continue each other's page walks; a changed, unsigned, foreign-key or other-scope cursor is refused
 * with INVALID_CURSOR.
 */
class SignedCursorTest {
    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.UTF_8);
    private static final ToolContext ACME =
            ToolContext.builder().scope(Scope.of("org_id", "acme")).build();
    private static final ToolContext GLOBEX =
            ToolContext.builder().scope(Scope.of("org_id", "globex")).build();

    private static InMemoryObjectStore store() {
        List<GraphObject> objects = new ArrayList<>();
        for (String org : List.of("acme", "globex")) {
            for (int i = 0; i < 23; i++) {
                Instant at = Instant.parse("2024-03-01T10:00:00Z").plusSeconds(i % 5 * 60L);
                ObjectNode p = Json.object().put("title", org + " task " + i).put("n", i % 4);
                objects.add(new GraphObject(org + "-t" + i, "Task", p, at, at, Map.of("org_id", org)));
            }
        }
        return InMemoryObjectStore.of(new DataFile.DataSet(objects, List.of()));
    }

    private static Toolkit toolkit(byte[] key) {
        Toolkit.Builder b = Toolkit.builder().store(store());
        return key == null ? b.build() : b.cursorKey(key).build();
    }

    private static JsonNode page(Toolkit toolkit, ToolContext context, String cursor) {
        ObjectNode args = Json.object().put("type", "Task").put("limit", 4);
        args.putArray("sort").addObject().put("field", "n").put("direction", "asc");
        if (cursor != null) {
            args.put("cursor", cursor);
        }
        return toolkit.call("query_graph_objects", args, context).json();
    }

    @Test
    void aWalkAlternatingBetweenTwoInstancesSeesEveryObjectOnce() {
        Toolkit a = toolkit(KEY);
        Toolkit b = toolkit(KEY);
        Set<String> seen = new LinkedHashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = page(pages % 2 == 0 ? a : b, ACME, cursor);
            assertThat(page.has("error")).as(page.toString()).isFalse();
            page.path("objects").forEach(o -> assertThat(seen.add(o.path("id").asText()))
                    .as("repeated %s", o)
                    .isTrue());
            cursor = page.path("next_cursor").isTextual()
                    ? page.path("next_cursor").asText()
                    : null;
            pages++;
        } while (cursor != null);
        assertThat(seen).hasSize(23).allMatch(id -> id.startsWith("acme-"));
        assertThat(pages).isEqualTo(6);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a changed cursor       | change  | The cursor's signature does not match",
                "another key            | foreign | The cursor's signature does not match",
                "another scope          | scope   | The cursor's signature does not match",
                "an unsigned cursor     | plain   | The cursor is not signed",
                "garbage                | garbage | The cursor is not signed",
            })
    void aCursorThisKeyDidNotSignForThisScopeIsRefused(String name, String how, String message) {
        Toolkit a = toolkit(KEY);
        String issued = page(a, ACME, null).path("next_cursor").asText();
        String cursor;
        Toolkit reader = a;
        ToolContext context = ACME;
        switch (how) {
            case "change" -> {
                // one character of the payload changed, the signature kept
                char c = issued.charAt(3);
                cursor = issued.substring(0, 3) + (c == 'A' ? 'B' : 'A') + issued.substring(4);
            }
            case "foreign" -> {
                cursor =
                        page(toolkit(OTHER_KEY), ACME, null).path("next_cursor").asText();
            }
            case "scope" -> {
                cursor = issued;
                context = GLOBEX;
            }
            case "plain" ->
                cursor = page(toolkit(null), ACME, null).path("next_cursor").asText();
            default -> cursor = "not a cursor";
        }
        JsonNode refused = page(reader, context, cursor);
        assertThat(refused.at("/error/code").asText()).as(refused.toString()).isEqualTo("INVALID_CURSOR");
        assertThat(refused.at("/error/path").asText()).isEqualTo("cursor");
        assertThat(refused.at("/error/message").asText()).startsWith(message);
        assertThat(refused.at("/error/hint").asText()).contains("next_cursor");
    }

    @Test
    void anAliasedCursorArgumentIsCheckedToo() {
        Toolkit a = toolkit(KEY);
        String issued = page(a, ACME, null).path("next_cursor").asText();
        ObjectNode args = Json.object().put("type", "Task").put("limit", 4).put("page_token", issued + "x");
        args.putArray("sort").addObject().put("field", "n").put("direction", "asc");
        JsonNode refused = a.call("query_graph_objects", args, ACME).json();
        assertThat(refused.at("/error/code").asText()).isEqualTo("INVALID_CURSOR");
    }
}
