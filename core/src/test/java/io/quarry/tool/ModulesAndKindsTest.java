package io.quarry.tool;

import static io.quarry.tool.Fixture.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import org.junit.jupiter.api.Test;

/**
 * A configuration's modules and relationship kinds reach the model: get_database_schema and
 * discover_schema show each type's module and each relationship's kind, and discover_schema
 * filters by module.
 */
class ModulesAndKindsTest {
    private static Toolkit toolkit(boolean withModules) {
        String yaml = Fixture.resource("fixture.yaml");
        if (withModules) {
            yaml = yaml.replace(
                            "    description: A unit of work.\n",
                            "    description: A unit of work.\n    module: work\n")
                    .replace("    description: A project.\n", "    description: A project.\n    module: planning\n")
                    .replace(
                            "{name: part_of, target: Project, direction: out}",
                            "{name: part_of, target: Project, direction: out, kind: BELONGS_TO}");
        }
        return Toolkit.builder()
                .config(QuarryConfig.parse(yaml, "quarry.yaml"))
                .store(Fixture.store())
                .build();
    }

    @Test
    void theSchemaShowsModulesAndKinds() {
        ObjectNode schema = call(toolkit(true), "get_database_schema", "{}", Fixture.acme());
        JsonNode task = schema.get("types").get(0);
        assertThat(task.get("name").asText()).isEqualTo("Task");
        assertThat(task.get("module").asText()).isEqualTo("work");
        assertThat(task.at("/relationships/0").toString())
                .isEqualTo(
                        "{\"name\":\"part_of\",\"target\":\"Project\",\"direction\":\"out\",\"kind\":\"BELONGS_TO\"}");
        assertThat(schema.get("types").get(2).has("module"))
                .as("Document has no module")
                .isFalse();
        ObjectNode names = call(toolkit(true), "get_database_schema", "{\"detail\": \"names\"}", Fixture.acme());
        assertThat(names.at("/types/1/module").asText()).isEqualTo("planning");
    }

    @Test
    void discoverSchemaShowsAndFiltersByModule() {
        Toolkit toolkit = toolkit(true);
        assertThat(toolkit.tool("discover_schema")
                        .orElseThrow()
                        .inputSchema()
                        .at("/properties/module/enum")
                        .toString())
                .isEqualTo("[\"work\",\"planning\"]");
        ObjectNode all = call(toolkit, "discover_schema", "{\"query\": \"title\"}", Fixture.acme());
        assertThat(names(all)).contains("Task", "Document");
        ObjectNode work =
                call(toolkit, "discover_schema", "{\"query\": \"title\", \"module\": \"work\"}", Fixture.acme());
        assertThat(names(work)).containsExactly("Task");
        assertThat(work.at("/types/0/module").asText()).isEqualTo("work");
        ObjectNode wrong =
                call(toolkit, "discover_schema", "{\"query\": \"title\", \"module\": \"wrok\"}", Fixture.acme());
        assertThat(wrong.at("/error/code").asText()).isEqualTo("INVALID_OPERAND");
        assertThat(wrong.at("/error/hint").asText()).isEqualTo("Did you mean 'work'?");
    }

    @Test
    void withoutModulesDiscoverSchemaTakesNoModule() {
        assertThat(toolkit(false)
                        .tool("discover_schema")
                        .orElseThrow()
                        .inputSchema()
                        .at("/properties")
                        .has("module"))
                .isFalse();
    }

    private static java.util.List<String> names(ObjectNode result) {
        java.util.List<String> names = new java.util.ArrayList<>();
        result.get("types").forEach(t -> names.add(t.get("name").asText()));
        return names;
    }
}
