package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
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
            if (!context.getName().equals(QuarryObservations.NAME)) {
                return; // the statements' observations: statementsAreChildObservationsWithTheSqlShapeAndNoValue
            }
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

    /** The starter over the demo's H2 database, with this registry. */
    private static ApplicationContextRunner demo(ObservationRegistry registry) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                .withBean(DataSource.class, () -> DEMO)
                .withBean(ObservationRegistry.class, () -> registry)
                .withPropertyValues("quarry.config=file:" + Demo.config(), "quarry.store.scope-columns=org_id");
    }

    @Test
    void eachCallIsAnObservationAndATimerWithoutArgumentsOrScope() {
        Recorder recorder = new Recorder();
        MeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(recorder);
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));

        demo(registry).run(context -> {
            ToolCallback[] callbacks =
                    context.getBean(ToolCallbackProvider.class).getToolCallbacks();
            ToolCallback query = callbacks[1];
            org.springframework.ai.chat.model.ToolContext acme = new org.springframework.ai.chat.model.ToolContext(
                    Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"), QuarryToolCallbacks.USER, "ana"));
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
    void statementsAreChildObservationsWithTheSqlShapeAndNoValue() {
        TestObservationRegistry registry = TestObservationRegistry.create();
        List<Observation.Context> contexts = new ArrayList<>();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStop(Observation.Context context) {
                contexts.add(context);
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        String distinctive = "zq7Kestrel";

        demo(registry).run(context -> {
            ToolCallback query = context.getBean(ToolCallbackProvider.class).getToolCallbacks()[1];
            String answer = query.call(
                    "{\"type\": \"Project\", \"limit\": 2, \"properties\": {\"name\": {\"$ne\": \"" + distinctive
                            + "\"}}}",
                    new org.springframework.ai.chat.model.ToolContext(
                            Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"))));
            assertThat(answer).contains("\"returned\":2");
        });

        List<Observation.Context> calls = contexts.stream()
                .filter(c -> c.getName().equals(QuarryObservations.NAME))
                .toList();
        List<Observation.Context> statements = contexts.stream()
                .filter(c -> c.getName().equals(QuarryObservations.STATEMENT))
                .toList();
        assertThat(calls).hasSize(1);
        // the page and its count
        assertThat(statements).hasSizeGreaterThanOrEqualTo(2);
        for (Observation.Context statement : statements) {
            assertThat(statement.getParentObservation()).isNotNull();
            assertThat(statement.getParentObservation().getContextView()).isSameAs(calls.get(0));
            assertThat(statement.getLowCardinalityKeyValue("db.system").getValue())
                    .isEqualTo("h2");

            assertThat(statement.getLowCardinalityKeyValue("quarry.outcome").getValue())
                    .isEqualTo("ok");
            assertThat(statement.getHighCardinalityKeyValue("db.statement").getValue())
                    .startsWith("SELECT")
                    .contains("?");
        }
        assertThat(statements)
                .extracting(c -> c.getLowCardinalityKeyValue("quarry.operation").getValue())
                .contains("search") // the page and its count
                .isSubsetOf("search", "neighbourhood"); // and the related objects the answer lists
        TestObservationRegistryAssert.assertThat(registry)
                .hasNumberOfObservationsWithNameEqualTo(QuarryObservations.STATEMENT, statements.size())
                .forAllObservationsWithNameEqualTo(QuarryObservations.STATEMENT, o -> o.hasParentObservation());
        // never a bound value (the argument's, the scope's) in any observation's keys or names
        for (Observation.Context c : contexts) {
            String all = c.getName() + " " + c.getContextualName() + " " + c.getAllKeyValues();
            assertThat(all).doesNotContain(distinctive, "acme", "Project");
        }
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
