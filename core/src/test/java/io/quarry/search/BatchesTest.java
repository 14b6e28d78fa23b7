package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BatchesTest {

    @Provide
    Arbitrary<List<String>> texts() {
        return Arbitraries.of("", " ", "\t\n", "\u0000", "\u0001 ", "a", "risk", " b ", "é")
                .list()
                .ofMaxSize(12);
    }

    /** A model that answers each text with its length, and remembers what it was asked. */
    @Property(tries = 200)
    void oneCallForTheTextsThatSaySomethingZeroVectorsForTheRestInOrder(@ForAll("texts") List<String> texts) {
        List<List<String>> calls = new ArrayList<>();
        List<float[]> out = Batches.embed(texts, "m", () -> 2, asked -> {
            calls.add(asked);
            return asked.stream().map(t -> new float[] {t.length(), 1}).toList();
        });

        List<String> meaningful = texts.stream().filter(t -> !Batches.blank(t)).toList();
        assertThat(calls).hasSize(meaningful.isEmpty() ? 0 : 1);
        if (!meaningful.isEmpty()) {
            assertThat(calls.get(0)).isEqualTo(meaningful);
        }
        assertThat(out).hasSize(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            float[] expected = Batches.blank(texts.get(i))
                    ? new float[2]
                    : new float[] {texts.get(i).length(), 1};
            assertThat(out.get(i)).containsExactly(expected);
        }
    }

    @Test
    void aFailingOrMiscountingModelIsAnEmbeddingErrorThatNamesTheModelNotTheTexts() {
        assertThatThrownBy(() -> Batches.embed(List.of("secret text"), "acme-model", () -> 2, asked -> {
                    throw new IllegalStateException("secret text refused");
                }))
                .isInstanceOf(EmbeddingException.class)
                .hasMessage("The embedding model acme-model failed on a batch of 1 texts: IllegalStateException");
        assertThatThrownBy(
                        () -> Batches.embed(List.of("a", "b"), "acme-model", () -> 2, asked -> List.of(new float[2])))
                .isInstanceOf(EmbeddingException.class)
                .hasMessage("The embedding model acme-model returned 1 vectors for 2 texts.");
        assertThatThrownBy(() -> Batches.embed(List.of("a"), "acme-model", () -> 2, asked -> null))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("returned 0 vectors for 1 texts");
    }

    @Test
    void onlyBlankTextsNeverCallTheModel() {
        assertThat(Batches.embed(List.of(" ", "\u0000"), "m", () -> 3, asked -> {
                    throw new AssertionError("called");
                }))
                .allSatisfy(v -> assertThat(v).containsExactly(0, 0, 0));
    }

    @ParameterizedTest(name = "{0}: blank = {1}")
    @CsvSource(textBlock = """
            0020 0009 000A,  true
            00A0 2028 3000,  true
            0000 0001 007F,  true
            200B 2060 FEFF,  true
            065F,            true
            0301 0308 0020,  true
            0344,            true
            E000 F8FF,       true
            FFFD,            true
            D800,            true
            0061,            false
            0065 0301,       false
            00E9,            false
            0020 4E2D 0020,  false
            1F600,           false
            20DD,            false
            0378,            false
            002E,            false
            0030,            false
            """)
    void blankIsWhatNoModelReads(String codePoints, boolean blank) {
        StringBuilder text = new StringBuilder();
        for (String hex : codePoints.split(" ")) {
            text.appendCodePoint(Integer.parseInt(hex, 16));
        }
        assertThat(Batches.blank(text.toString())).isEqualTo(blank);
    }
}
