package io.quarry.neo4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.filter.FilterParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Cypher each filter becomes ({@code golden-cypher.txt}, the table docs/neo4j.md shows): values
 * only as parameters, names only in backticks, every part two-valued. Needs no database.
 */
class GoldenCypherTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Case(String filter, String cypher, String parameters) {
        @Override
        public String toString() {
            return filter;
        }
    }

    static Stream<Case> cases() throws IOException {
        String text;
        try (InputStream in = GoldenCypherTest.class.getResourceAsStream("golden-cypher.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Case> cases = new ArrayList<>();
        for (String block : text.split("\n\n")) {
            List<String> lines = block.lines().filter(l -> !l.startsWith("#")).toList();
            if (!lines.isEmpty()) {
                cases.add(new Case(lines.get(0), lines.get(1), lines.size() > 2 ? lines.get(2) : ""));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void compilesToTheGoldenCypher(Case c) {
        Cypher.Params params = new Cypher.Params();
        String cypher =
                new CypherFilter("n", params).write(FilterParser.withDefaults().parse(c.filter()));
        assertThat(cypher).isEqualTo(c.cypher());
        assertThat(written(params.values())).isEqualTo(c.parameters());
    }

    private static String written(Map<String, Object> parameters) {
        return parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + json(e.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value).replace("\\\\", "\\");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
