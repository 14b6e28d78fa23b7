package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import org.junit.jupiter.api.Test;

/** Introspection on H2 (Chinook's MySQL script, quoted for H2), and a toolkit served from the result. */
class H2IntrospectionTest extends IntrospectionContract {
    @Override
    Backend backend() {
        return Backend.H2;
    }

    private ToolResult call(String tool, String arguments) throws Exception {
        QuarryConfig config = QuarryConfig.parse(result.toYaml(), "introspected.yaml");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout(); // H2's helper functions only: the table layout creates no table
        Toolkit toolkit = Toolkit.builder().config(config).store(store).build();
        JsonNode args = Json.MAPPER.readTree(arguments);
        return toolkit.call(tool, args, ToolContext.unrestricted());
    }

    @Test
    void aToolkitOverTheDerivedConfigurationAnswersAQuery() throws Exception {
        ToolResult tracks = call(
                "query_graph_objects",
                "{\"type\": \"Track\", \"properties\": {\"milliseconds\": {\"$gt\": 300000}}, \"limit\": 3}");
        assertThat(tracks.text()).doesNotContain("\"error\"").contains("For Those About To Rock");
    }

    /** The table layout's ids on this backend. */
    @org.junit.jupiter.api.Nested
    class Ids extends TableIdsContract {
        @Override
        Backend backend() {
            return Backend.H2;
        }

        @Override
        String uuidType() {
            return "UUID";
        }
    }
}
