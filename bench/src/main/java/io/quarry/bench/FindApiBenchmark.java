package io.quarry.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.openapi.OpenApiTools;
import io.quarry.tool.Limits;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolExtension;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code quarry-openapi} on Asana's public OpenAPI document (167 operations, 490 KB, the test data of
 * {@code FindApiRankingTest}): {@code index} reads the document and builds the tools (swagger-parser,
 * {@code $ref}s, schemas inlined, words split); {@code findApi} ranks every operation for one question.
 * Run from the repository root (the document is read from {@code openapi/src/test/resources}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FindApiBenchmark {
    /** The document. */
    @Param("openapi/src/test/resources/asana/asana_oas.yaml")
    public String document;

    /** The question. */
    @Param("add a comment to a task")
    public String question;

    private ToolExtension findApi;
    private ObjectNode arguments;

    /** Builds the tools once. */
    @Setup
    public void setUp() {
        findApi = tools().stream()
                .filter(t -> t.name().equals("find_api"))
                .findFirst()
                .orElseThrow();
        arguments = JsonNodeFactory.instance.objectNode().put("query", question);
    }

    private java.util.List<ToolExtension> tools() {
        return OpenApiTools.builder()
                .document(document)
                .baseUrl("https://app.asana.com/api/1.0")
                .build()
                .tools();
    }

    /** Reads the document and builds the three tools. */
    @Benchmark
    public Object index() {
        return tools();
    }

    /** One find_api call (10 results) over the whole document. */
    @Benchmark
    public Object findApi() {
        return findApi.handle(arguments, ToolContext.unrestricted(), Limits.DEFAULTS);
    }
}
