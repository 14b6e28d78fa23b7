package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.internal.Masking;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Masks derived from the configured cursor key: two toolkits over their own stores that share only the
 * key show the same masks and continue each other's walks sorted by a masked field (sealed cursors);
 * another key gives other masks and refuses the first key's cursors; without a key the masks are the
 * process's random ones, not derived from anything a host configures.
 */
class SharedMaskingKeyTest {
    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    private static final byte[] OTHER_KEY = "fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.UTF_8);
    private static final ToolContext ACME =
            ToolContext.builder().scope(Scope.of("org_id", "acme")).build();

    private static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of(
                    "Person",
                    Field.of("name", FieldType.STRING),
                    Field.of("email", FieldType.STRING).mask(),
                    Field.of("salary", FieldType.INTEGER).mask()))
            .build();

    private static Toolkit toolkit(byte[] key) {
        List<GraphObject> people = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            Instant at = Instant.parse("2024-03-01T10:00:00Z").plusSeconds(i * 60L);
            ObjectNode p = Json.object()
                    .put("name", "Person " + i)
                    .put("email", "p" + (i % 5) + "@secret.test")
                    .put("salary", 90_000 + (i % 6) * 1000);
            people.add(new GraphObject("p" + i, "Person", p, at, at, Map.of("org_id", "acme")));
        }
        Toolkit.Builder b =
                Toolkit.builder().schema(SCHEMA).store(InMemoryObjectStore.of(new DataFile.DataSet(people, List.of())));
        return key == null ? b.build() : b.cursorKey(key).build();
    }

    private static JsonNode call(Toolkit toolkit, String tool, String arguments) {
        JsonNode out = toolkit.call(tool, arguments, ACME).json();
        return out;
    }

    /** Every mask a toolkit shows for the people: their objects' and the groups by email. */
    private static List<String> masks(Toolkit toolkit) {
        List<String> out = new ArrayList<>();
        call(toolkit, "query_graph_objects", "{\"type\": \"Person\", \"limit\": 50, \"sort\": [{\"field\": \"id\"}]}")
                .path("objects")
                .forEach(o -> {
                    out.add(o.path("properties").path("email").asText());
                    out.add(o.path("properties").path("salary").asText());
                });
        call(toolkit, "aggregate_graph_objects", "{\"type\": \"Person\", \"group_by\": \"email\"}")
                .path("groups")
                .forEach(g -> out.add(g.path("email").asText()));
        out.add(call(toolkit, "get_graph_object", "{\"id\": \"p3\"}")
                .path("object")
                .path("properties")
                .path("email")
                .asText());
        assertThat(out).hasSize(17 * 2 + 5 + 1).allMatch(m -> m.matches("masked:[0-9a-f]{12}"));
        return out;
    }

    private static JsonNode bySalary(Toolkit toolkit, String cursor) {
        return call(
                toolkit,
                "query_graph_objects",
                "{\"type\": \"Person\", \"limit\": 4, \"sort\": [{\"field\": \"salary\"}]"
                        + (cursor == null ? "" : ", \"cursor\": \"" + cursor + "\"") + "}");
    }

    @Test
    void twoToolkitsWithTheSameKeyShowTheSameMasks() {
        assertThat(masks(toolkit(KEY))).isEqualTo(masks(toolkit(KEY)));
        // in every process: the mask follows from the key and the value alone (recorded, not computed here)
        assertThat(masks(toolkit(KEY)).get(0)).isEqualTo("masked:fe7d048d21b5");
    }

    @Test
    void anotherKeyOrNoKeyShowsOtherMasks() {
        List<String> keyed = masks(toolkit(KEY));
        List<String> other = masks(toolkit(OTHER_KEY));
        List<String> random = masks(toolkit(null));
        for (int i = 0; i < keyed.size(); i++) {
            assertThat(other.get(i)).isNotEqualTo(keyed.get(i));
            assertThat(random.get(i)).isNotEqualTo(keyed.get(i)).isNotEqualTo(other.get(i));
        }
        // equal values keep equal masks under every key: p0 and p10 (sorted by id: 0 and 2) share an email
        assertThat(other.get(0)).isEqualTo(other.get(4));
        assertThat(random.get(0)).isEqualTo(random.get(4));
        // without a key, masks are the process's random ones, the same for every toolkit of it
        assertThat(masks(toolkit(null))).isEqualTo(random);
        assertThat(random.get(0))
                .isEqualTo(Masking.random()
                        .mask(Json.MAPPER.getNodeFactory().textNode("p0@secret.test"))
                        .textValue());
    }

    @Test
    void aWalkSortedByAMaskedFieldContinuesOnTheOtherToolkitWithTheSameKey() {
        Toolkit a = toolkit(KEY);
        Toolkit b = toolkit(KEY);
        List<String> walked = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = bySalary(pages % 2 == 0 ? a : b, cursor);
            assertThat(page.has("error")).as(page.toString()).isFalse();
            page.path("objects").forEach(o -> walked.add(o.path("id").asText()));
            cursor = page.path("next_cursor").isTextual()
                    ? page.path("next_cursor").asText()
                    : null;
            assertThat(cursor == null || cursor.startsWith("m.")).as(cursor).isTrue();
            pages++;
        } while (cursor != null && pages < 10);
        List<String> alone = new ArrayList<>();
        cursor = null;
        do {
            JsonNode page = bySalary(a, cursor);
            page.path("objects").forEach(o -> alone.add(o.path("id").asText()));
            cursor = page.path("next_cursor").asText(null);
        } while (cursor != null);
        assertThat(pages).isEqualTo(5);
        assertThat(walked).hasSize(17).doesNotHaveDuplicates().isEqualTo(alone);
    }

    @Test
    void aSealedCursorOfAnotherKeyOrOfNoKeyIsRefused() {
        String cursor = bySalary(toolkit(KEY), null).path("next_cursor").asText();
        assertThat(bySalary(toolkit(OTHER_KEY), cursor)
                        .path("error")
                        .path("code")
                        .asText())
                .isEqualTo("INVALID_CURSOR");
        String unkeyed = bySalary(toolkit(null), null).path("next_cursor").asText();
        assertThat(bySalary(toolkit(KEY), unkeyed).path("error").path("code").asText())
                .isEqualTo("INVALID_CURSOR");
        // the key's own toolkit takes it
        assertThat(bySalary(toolkit(KEY), cursor).has("error")).isFalse();
    }
}
