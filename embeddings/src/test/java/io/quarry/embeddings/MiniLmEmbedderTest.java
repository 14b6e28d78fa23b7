package io.quarry.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.quarry.search.Batches;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MiniLmEmbedderTest {
    private static final MiniLmEmbedder EMBEDDER = new MiniLmEmbedder();

    @Test
    void namesItsModelAndDimension() {
        assertThat(EMBEDDER.model()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(EMBEDDER.dimension()).isEqualTo(384);
        assertThat(EMBEDDER.embed(List.of("a task"))).singleElement().satisfies(v -> assertThat(v)
                .hasSize(384));
    }

    @Test
    void runsWithoutTheNetwork() {
        // surefire sends every connection to a closed port: the model above loaded and embedded anyway
        assertThat(System.getProperty("socksProxyHost")).isEqualTo("127.0.0.1");
        assertThat(EMBEDDER.embed(List.of("offline"))).hasSize(1);
        boolean reached;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("repo.maven.apache.org", 443), 2000);
            reached = true;
        } catch (Exception e) {
            reached = false;
        }
        assertThat(reached).as("the network is closed to these tests").isFalse();
    }

    @ParameterizedTest(name = "\"{0}\" is nearer to \"{1}\" than to \"{2}\"")
    @CsvSource(delimiter = '|', textBlock = """
            the task is overdue                  | the assignment is late                 | quarterly revenue target
            who owns the database migration      | person responsible for moving the data | office party decorations
            risk of a security breach            | attackers could steal customer records | we chose the blue logo
            decision to use PostgreSQL           | we picked Postgres as our database     | the marketing launch slipped
            goal: grow monthly active users      | objective to increase user engagement  | fix the broken build script
            """)
    void ranksByMeaning(String query, String near, String far) {
        List<float[]> v = EMBEDDER.embed(List.of(query, near, far));
        assertThat(cosine(v.get(0), v.get(1))).isGreaterThan(cosine(v.get(0), v.get(2)));
    }

    @Test
    void sameTextSameVectorAloneInABatchAndAgain() {
        List<String> texts = List.of("alpha project kickoff", "beta release risk", "gamma hiring goal");
        List<float[]> batch = EMBEDDER.embed(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(EMBEDDER.embed(List.of(texts.get(i))).get(0)).containsExactly(batch.get(i));
        }
        List<float[]> again = EMBEDDER.embed(texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(again.get(i)).containsExactly(batch.get(i));
        }
        assertThat(new MiniLmEmbedder().embed(texts).get(2)).containsExactly(batch.get(2));
    }

    @Test
    void concurrentCallersGetTheSequentialVectors() throws Exception {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            texts.add("task number " + i + " about " + (i % 2 == 0 ? "billing" : "onboarding"));
        }
        List<float[]> sequential = new ArrayList<>();
        for (String t : texts) {
            sequential.add(EMBEDDER.embed(List.of(t)).get(0));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<float[]>>> calls = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                int from = (c * 3) % texts.size();
                calls.add(() -> EMBEDDER.embed(texts.subList(from, from + 3)));
            }
            List<Future<List<float[]>>> results = pool.invokeAll(calls);
            for (int c = 0; c < results.size(); c++) {
                int from = (c * 3) % texts.size();
                List<float[]> got = results.get(c).get();
                for (int i = 0; i < 3; i++) {
                    assertThat(got.get(i)).containsExactly(sequential.get(from + i));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void blankTextsGetTheZeroVectorInTheirPlace() {
        List<float[]> v = EMBEDDER.embed(List.of("  ", "a risk", "\u0001\t"));
        assertThat(v).hasSize(3);
        assertThat(v.get(0)).containsOnly(0f).hasSize(384);
        assertThat(v.get(2)).containsOnly(0f).hasSize(384);
        assertThat(norm(v.get(1))).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(EMBEDDER.embed(List.of())).isEmpty();
    }

    @Test
    void longTextsAreEmbeddedWhole() {
        String longText = "The migration of the billing database is blocked by the vendor contract. ".repeat(80);
        float[] v = EMBEDDER.embed(List.of(longText)).get(0);
        assertThat(norm(v)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
    }

    @Property(tries = 15)
    void everyVectorIsFiniteAndOfUnitLength(@ForAll @StringLength(min = 1, max = 200) String text) {
        float[] v = EMBEDDER.embed(List.of(text)).get(0);
        assertThat(v).hasSize(384);
        for (float x : v) {
            assertThat(Float.isFinite(x)).isTrue();
        }
        double n = norm(v);
        assertThat(n == 0 || Math.abs(n - 1) < 1e-3).as("norm %s", n).isTrue();
    }

    /**
     * The model refuses a text its tokenizer reads as nothing (a lone U+065F failed CI): every code point
     * it reads as nothing must be blank to {@link Batches}, and what Batches calls blank but the tokenizer
     * still reads (marks newer than its Unicode tables) is read as {@code [UNK]} only. Planes 4 to 13 hold
     * no assigned code point.
     */
    @Test
    void everyCodePointTheTokenizerReadsAsNothingIsBlank() throws Exception {
        HuggingFaceTokenizer tokenizer;
        try (InputStream json =
                AllMiniLmL6V2QuantizedEmbeddingModel.class.getResourceAsStream("/all-minilm-l6-v2-q-tokenizer.json")) {
            tokenizer = HuggingFaceTokenizer.newInstance(json, Map.of("padding", "false", "addSpecialTokens", "false"));
        }
        List<String> notBlank = new ArrayList<>();
        List<String> readAsMoreThanUnknown = new ArrayList<>();
        try (tokenizer) {
            for (int c = 0; c <= 0x10FFFF; c = c == 0x3FFFF ? 0xE0000 : c + 1) {
                String text = Character.toString(c);
                List<String> tokens = tokenizer.tokenize(text);
                if (tokens.isEmpty() && !Batches.blank(text)) {
                    notBlank.add(Integer.toHexString(c));
                } else if (!tokens.isEmpty() && Batches.blank(text) && !tokens.equals(List.of("[UNK]"))) {
                    readAsMoreThanUnknown.add(Integer.toHexString(c) + tokens);
                }
            }
            assertThat(tokenizer.tokenize("a risk")).containsExactly("a", "risk");
        }
        assertThat(notBlank).as("read as nothing by the tokenizer, not blank").isEmpty();
        assertThat(readAsMoreThanUnknown)
                .as("blank, read as a word by the tokenizer")
                .isEmpty();
    }

    /** Texts of what tokenizers clean away, now and then a word: never a failure, zero exactly when blank. */
    @Property(tries = 40)
    void textsOfMarksControlsAndFormatsAreEmbeddedOrZero(@ForAll("nearlySilent") String text) {
        float[] v = EMBEDDER.embed(List.of(text, "a risk")).get(0);
        assertThat(v).hasSize(384);
        assertThat(norm(v) == 0)
                .as(
                        "zero vector for %s",
                        text.codePoints().mapToObj(Integer::toHexString).toList())
                .isEqualTo(Batches.blank(text));
    }

    @Provide
    Arbitrary<String> nearlySilent() {
        Arbitrary<Integer> silent = Arbitraries.oneOf(
                Arbitraries.of(0x0301, 0x0308, 0x065F, 0x0E31, 0x1AB0, 0xFE20, 0x1D167, 0xE0100),
                Arbitraries.of(0x0000, 0x0001, 0x007F, 0x0085, 0x009F),
                Arbitraries.of(0x00AD, 0x200B, 0x200D, 0x2060, 0xFEFF, 0xE0001),
                Arbitraries.of(0x0020, 0x00A0, 0x2028, 0x3000, 0x000A),
                Arbitraries.integers().between(0xE000, 0xF8FF),
                Arbitraries.of(0xFFFD, 0x0344, 0x0F73));
        Arbitrary<Integer> said = Arbitraries.of(0x0061, 0x00E9, 0x4E2D, 0x1F600, 0x20DD, 0x0378, 0x002E);
        return Arbitraries.frequencyOf(Tuple.of(12, silent), Tuple.of(1, said))
                .list()
                .ofMinSize(1)
                .ofMaxSize(12)
                .map(cps -> cps.stream()
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                        .toString());
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
        }
        return dot / (norm(a) * norm(b));
    }

    private static double norm(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        return Math.sqrt(sum);
    }
}
