package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Every tool call through the Spring AI callbacks is one observation, with the tool, outcome and
 * truncation as tags, the rows as a span attribute, and nothing from the arguments or the scope.
 */
class QuarryObservationsTest {
    private static final DataSource DEMO = Demo.dataSource("spring-observations");

    /** What a tracer would see: each stopped observation's keys. */
    private static final class Recorder implements ObservationHandler<Observation.Context> {
        final List<Map<String, String>> stopped = new ArrayList<>();

        @Override
        public void onStop(Observation.Context context) {
            Map<String, String> keys = new TreeMap<>();
            context.getAllKeyValues().forEach(kv -> keys.put(kv.getKey(), kv.getValue()));
            keys.put("name", context.getName());
            stopped.add(keys);
        }

        @Override
        public boolean supportsContext(Observation.Context context) {
            return true;
        }
    }

    @Test
    void eachCallIsAnObservationAndATimerWithoutArgumentsOrScope() {
        Recorder recorder = new Recorder();
        MeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(recorder);
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));

        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                .withBean(DataSource.class, () -> DEMO)
                .withBean(ObservationRegistry.class, () -> registry)
                .withPropertyValues("quarry.config=file:" + Demo.config(), "quarry.store.scope-columns=org_id")
                .run(context -> {
                    ToolCallback[] callbacks =
                            context.getBean(ToolCallbackProvider.class).getToolCallbacks();
                    ToolCallback query = callbacks[1];
                    org.springframework.ai.chat.model.ToolContext acme =
                            new org.springframework.ai.chat.model.ToolContext(Map.of(
                                    QuarryToolCallbacks.SCOPE,
                                    Map.of("org_id", "acme"),
                                    QuarryToolCallbacks.USER,
                                    "ana"));
                    query.call("{\"type\": \"Project\", \"limit\": 2, \"query\": \"secretword\"}", acme);
                    query.call("{\"type\": \"Project\", \"limit\": 2}", acme);
                    query.call("{\"type\": \"Task\", \"properties\": {\"stauts\": \"Done\"}}", acme);
                });

        assertThat(recorder.stopped).hasSize(3);
        assertThat(recorder.stopped.get(1))
                .containsEntry("name", "quarry.tool.call")
                .containsEntry("quarry.tool", "query_graph_objects")
                .containsEntry("quarry.outcome", "ok")
                .containsEntry("quarry.truncated", "true")
                .containsEntry("quarry.rows", "2");
        assertThat(recorder.stopped.get(2))
                .containsEntry("quarry.outcome", "UNKNOWN_FIELD")
                .containsEntry("quarry.rows", "0");
        assertThat(recorder.stopped.toString()).doesNotContain("secretword", "acme", "ana", "Project", "stauts");

        long ok = meters
                .find("quarry.tool.call")
                .tags("quarry.tool", "query_graph_objects", "quarry.outcome", "ok")
                .timers()
                .stream()
                .mapToLong(Timer::count)
                .sum();
        assertThat(ok).isEqualTo(2);
        assertThat(meters.find("quarry.tool.call")
                        .tags("quarry.outcome", "UNKNOWN_FIELD")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void withoutARegistryTheToolsAreNotWrapped() {
        Toolkit toolkit = Demo.toolkit("spring-observations-none");
        assertThat(QuarryToolCallbacks.of(toolkit).getToolCallbacks()[1].call("{\"type\": \"Project\", \"limit\": 1}"))
                .contains("\"returned\":1");
        assertThat(QuarryObservations.observed(toolkit.tools().get(1), ObservationRegistry.NOOP)
                        .call("{\"type\": \"Project\", \"limit\": 1}", ToolContext.unrestricted())
                        .text())
                .contains("\"returned\":1");
    }
}
