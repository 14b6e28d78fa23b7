package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.quarry.testing.Demo;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The starter's observations through a real OpenTelemetry bridge: Micrometer Tracing's OTel bridge
 * ({@code micrometer-tracing-bridge-otel}, as Boot's actuator wires it: an {@link OtelTracer} over an
 * OpenTelemetry SDK tracer, its {@link DefaultTracingObservationHandler} on the registry) exporting to
 * the SDK's {@link InMemorySpanExporter}. One tool call is a span {@code quarry query_graph_objects}
 * whose children are the {@code quarry sql search} spans of its statements, in the same trace, with
 * the dialect and the SQL shape ({@code ?}, never a bound value), and no span attribute holds an
 * argument value, the scope or the user.
 */
class QuarryOpenTelemetryTest {
    private static final DataSource DEMO = Demo.dataSource("quarry-otel-test");

    @Test
    void aToolCallIsASpanWithItsStatementsAsChildSpansAndNoValues() {
        InMemorySpanExporter exporter = InMemorySpanExporter.create();
        SdkTracerProvider tracerProvider = SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(exporter))
                .build();
        OpenTelemetrySdk openTelemetry =
                OpenTelemetrySdk.builder().setTracerProvider(tracerProvider).build();
        OtelCurrentTraceContext current = new OtelCurrentTraceContext();
        OtelTracer tracer = new OtelTracer(
                openTelemetry.getTracer("quarry-test"),
                current,
                event -> {},
                new OtelBaggageManager(current, List.of(), List.of()));
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultTracingObservationHandler(tracer));

        String distinctive = "zq7Kestrel";
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                .withBean(DataSource.class, () -> DEMO)
                .withBean(ObservationRegistry.class, () -> registry)
                .withPropertyValues("quarry.config=file:" + Demo.config(), "quarry.store.scope-columns=org_id")
                .run(context -> {
                    ToolCallback query = Arrays.stream(
                                    context.getBean(ToolCallbackProvider.class).getToolCallbacks())
                            .filter(c -> c.getToolDefinition().name().equals("query_graph_objects"))
                            .findFirst()
                            .orElseThrow();
                    exporter.reset(); // the layout's DDL at startup is traced too: its own root spans
                    String answer = query.call(
                            "{\"type\": \"Project\", \"limit\": 2, \"properties\": {\"name\": {\"$ne\": \""
                                    + distinctive + "\"}}}",
                            new ToolContext(Map.of(
                                    QuarryToolCallbacks.SCOPE,
                                    Map.of("org_id", "acme"),
                                    QuarryToolCallbacks.USER,
                                    "ana-user")));
                    assertThat(answer).contains("\"returned\":2");
                });
        tracerProvider.forceFlush();

        List<SpanData> spans = exporter.getFinishedSpanItems();
        SpanData call = spans.stream()
                .filter(s -> s.getName().equals("quarry query_graph_objects"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no tool call span in " + spans));
        assertThat(call.getAttributes().get(AttributeKey.stringKey("quarry.tool")))
                .isEqualTo("query_graph_objects");
        assertThat(call.getAttributes().get(AttributeKey.stringKey("quarry.outcome")))
                .isEqualTo("ok");
        assertThat(call.getAttributes().get(AttributeKey.stringKey("quarry.rows")))
                .isEqualTo("2");
        assertThat(call.getParentSpanContext().isValid()).as("a root span here").isFalse();

        List<SpanData> statements = spans.stream()
                .filter(s -> s.getName().startsWith("quarry sql "))
                .toList();
        assertThat(statements)
                .extracting(SpanData::getName)
                .as("the page and its count, then the related objects the answer lists")
                .contains("quarry sql search", "quarry sql neighbourhood")
                .containsOnly("quarry sql search", "quarry sql neighbourhood");
        for (SpanData statement : statements) {
            String operation = statement.getName().substring("quarry sql ".length());
            assertThat(statement.getTraceId()).isEqualTo(call.getTraceId());
            assertThat(statement.getParentSpanId()).as("child of the call").isEqualTo(call.getSpanId());
            assertThat(statement.getAttributes().get(AttributeKey.stringKey("db.system")))
                    .isEqualTo("h2");
            assertThat(statement.getAttributes().get(AttributeKey.stringKey("quarry.operation")))
                    .isEqualTo(operation);
            assertThat(statement.getAttributes().get(AttributeKey.stringKey("quarry.outcome")))
                    .isEqualTo("ok");
            assertThat(statement.getAttributes().get(AttributeKey.stringKey("db.statement")))
                    .startsWith("SELECT")
                    .contains("?");
            // the statement ends inside the call
            assertThat(statement.getStartEpochNanos()).isGreaterThanOrEqualTo(call.getStartEpochNanos());
            assertThat(statement.getEndEpochNanos()).isLessThanOrEqualTo(call.getEndEpochNanos());
        }
        assertThat(spans).allSatisfy(span -> assertThat(
                        span.getAttributes().asMap().values().toString())
                .as("span %s", span.getName())
                .doesNotContain(distinctive, "acme", "ana-user", "Project"));
    }
}
