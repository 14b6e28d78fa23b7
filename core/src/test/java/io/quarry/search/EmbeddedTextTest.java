package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.store.GraphObject;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class EmbeddedTextTest {
    static final Schema SCHEMA = Schema.builder()
            .type(EntityType.of(
                    "Task",
                    Field.of("title", FieldType.STRING),
                    Field.of("description", FieldType.TEXT),
                    Field.ofEnum("status", List.of("Open", "Done")),
                    Field.of("priority", FieldType.INTEGER),
                    Field.of("assignee_id", FieldType.STRING),
                    new Field("tags", FieldType.ARRAY, null, List.of(), FieldType.STRING, true),
                    Field.of("secret_note", FieldType.TEXT).hidden()))
            .build();

    static GraphObject task(String id, String json) {
        try {
            return new GraphObject(
                    id,
                    "Task",
                    (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(json),
                    null,
                    null,
                    Map.of());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theDefaultTextIsTheExposedStringFieldsThatAreNotIdsNeverAnEnumANumberOrAHiddenField() {
        EmbeddedText text = EmbeddedText.defaults(SCHEMA);
        assertThat(text.fields("Task")).containsExactly("title", "description", "tags");
        GraphObject t = task(
                "t1",
                "{\"title\": \"Fix login\", \"description\": \"Users cannot sign in\", \"status\": \"Open\","
                        + " \"priority\": 3, \"assignee_id\": \"p-9\", \"tags\": [\"auth\", \"web\"],"
                        + " \"secret_note\": \"salary of the CEO\"}");
        assertThat(text.text(t)).isEqualTo("Fix login\nUsers cannot sign in\nauth, web");
        assertThat(text.chunks(t)).containsExactly("Fix login\nUsers cannot sign in\nauth, web");
    }

    @Test
    void configuredFieldsReplaceTheDefaultsAndAHiddenOrUnknownFieldIsRefused() {
        EmbeddedText text =
                EmbeddedText.builder(SCHEMA).fields("Task", List.of("title")).build();
        assertThat(text.text(task("t1", "{\"title\": \"Fix login\", \"description\": \"x\"}")))
                .isEqualTo("Fix login");
        assertThatThrownBy(() -> EmbeddedText.builder(SCHEMA).fields("Task", List.of("secret_note")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hidden fields are never embedded");
        assertThatThrownBy(() -> EmbeddedText.builder(SCHEMA).fields("Task", List.of("titel")))
                .hasMessageContaining("has no field 'titel'");
        assertThatThrownBy(() -> EmbeddedText.builder(SCHEMA).fields("Tsk", List.of("title")))
                .hasMessageContaining("there is no type 'Tsk'");
        assertThatThrownBy(() -> EmbeddedText.builder(SCHEMA).chunking(100, 50)).hasMessageContaining("less than half");
    }

    @Test
    void aTypeWithoutDeclaredFieldsEmbedsEveryStringPropertyThatIsNotAnId() {
        EmbeddedText text = EmbeddedText.defaults(Schema.builder().build());
        GraphObject o = new GraphObject(
                "n1",
                "Note",
                Json.object()
                        .put("body", "Call the supplier")
                        .put("owner_id", "p-1")
                        .put("pages", 3),
                null,
                null,
                Map.of());
        assertThat(text.text(o)).isEqualTo("Call the supplier");
    }

    @Test
    void longTextIsChunkedAtWhiteSpaceWithOverlapAndAtMostMaxChunks() {
        String sentence = "The quick brown fox jumps over the lazy dog. ";
        String text = sentence.repeat(100);
        List<String> chunks = EmbeddedText.chunk(text, 200, 40);
        assertThat(chunks).hasSizeGreaterThan(20).allSatisfy(c -> assertThat(c.length())
                .isLessThanOrEqualTo(200));
        assertThat(chunks.get(0)).endsWith(" ");
        assertThat(chunks.get(1)).doesNotStartWith(" ").isNotEmpty();
        assertThat(Character.isLetter(chunks.get(1).charAt(0))).isTrue();
        // an object keeps its first MAX_CHUNKS chunks
        EmbeddedText small = EmbeddedText.builder(SCHEMA).chunking(20, 0).build();
        GraphObject big = task("t1", "{\"description\": \"" + "word ".repeat(2_000) + "\"}");
        assertThat(small.chunks(big)).hasSize(EmbeddedText.MAX_CHUNKS);
    }

    /**
     * Texts of words (letters, accents, no-break spaces, emoji as surrogate pairs, long words) and white
     * space, from a seed: generated by hand, since jqwik's edge cases of nested string lists take
     * gigabytes.
     */
    static String text(long seed) {
        java.util.Random random = new java.util.Random(seed);
        String[] spaces = {" ", "\n", "  ", "\t"};
        String[] odd = {"\uD83D\uDE00", "a\uD83D\uDE00b", "\uD83D\uDE00".repeat(30), "x".repeat(70)};
        StringBuilder b = new StringBuilder();
        int words = random.nextInt(121);
        for (int i = 0; i < words; i++) {
            if (random.nextInt(9) == 0) {
                b.append(odd[random.nextInt(odd.length)]);
            } else {
                int length = 1 + random.nextInt(30);
                for (int c = 0; c < length; c++) {
                    int pick = random.nextInt(28);
                    b.append(pick < 26 ? (char) ('a' + pick) : pick == 26 ? 'é' : '\u00a0');
                }
            }
            b.append(spaces[random.nextInt(spaces.length)]);
        }
        return b.toString();
    }

    /** Every chunk is a piece of the text in order, at most the size, and together they cover every character. */
    @Property(tries = 300)
    void chunksCoverTheText(
            @ForAll long seed,
            @ForAll @IntRange(min = 20, max = 300) int size,
            @ForAll @IntRange(min = 0, max = 149) int overlapWish) {
        String text = text(seed);
        int overlap = Math.min(overlapWish, (size - 1) / 2);
        List<String> chunks = EmbeddedText.chunk(text, size, overlap);
        List<int[]> spans = EmbeddedText.spans(text, size, overlap);
        assertThat(chunks).hasSameSizeAs(spans);
        boolean[] covered = new boolean[text.length()];
        int previous = -1;
        for (int k = 0; k < spans.size(); k++) {
            int[] span = spans.get(k);
            String c = chunks.get(k);
            assertThat(c).isEqualTo(text.substring(span[0], span[1]));
            assertThat(c.length()).isLessThanOrEqualTo(size);
            assertThat(c.isBlank()).isFalse();
            assertThat(span[0]).as("chunks in order").isGreaterThan(previous);
            previous = span[0];
            for (int i = span[0]; i < span[1]; i++) {
                covered[i] = true;
            }
            // never a split character
            assertThat(Character.isLowSurrogate(c.charAt(0))).isFalse();
            assertThat(Character.isHighSurrogate(c.charAt(c.length() - 1))).isFalse();
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                if (!covered[i]) {
                    throw new AssertionError("character " + i + " is in no chunk of " + text);
                }
            }
        }
    }
}
