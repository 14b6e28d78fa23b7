package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarry.testing.Demo;
import jakarta.servlet.Filter;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * With an {@link QuarryMcpHttp.Authenticator} the starter guards the MCP endpoint with its filter and
 * its tools never run without an identity: outside an authenticated request, a call without {@link
 * QuarryToolCallbacks#SCOPE} is refused rather than served unscoped, and one with it (a {@code
 * ChatClient} of the same application) runs in that scope. Without an authenticator nothing changes.
 */
class QuarryMcpHttpTest {
    private static final DataSource DEMO = Demo.dataSource("quarry-mcp-http-test");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static ApplicationContextRunner demo() {
        return new ApplicationContextRunner()
                .withConfiguration(
                        AutoConfigurations.of(QuarryAutoConfiguration.class, QuarryMcpHttpAutoConfiguration.class))
                .withBean(DataSource.class, () -> DEMO)
                .withPropertyValues("quarry.config=file:" + Demo.config(), "quarry.store.scope-columns=org_id");
    }

    private static ToolCallback query(ToolCallbackProvider provider) {
        return Arrays.stream(provider.getToolCallbacks())
                .filter(c -> c.getToolDefinition().name().equals("query_graph_objects"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void withAnAuthenticatorACallWithoutAnIdentityIsRefusedNeverUnscoped() {
        demo().withBean(QuarryMcpHttp.Authenticator.class, () -> (credential, headers) -> Optional.empty())
                .run(context -> {
                    assertThat(context).hasBean("quarryMcpAuthenticationFilter");
                    assertThat(context.getBean("quarryMcpAuthenticationFilter")).isInstanceOf(Filter.class);
                    ToolCallback query = query(context.getBean(ToolCallbackProvider.class));

                    String refused = query.call("{\"type\":\"Project\",\"limit\":50}", new ToolContext(Map.of()));
                    assertThat(MAPPER.readTree(refused).at("/error/code").asText())
                            .isEqualTo("INTERNAL");

                    String scoped = query.call(
                            "{\"type\":\"Project\",\"limit\":50}",
                            new ToolContext(Map.of(QuarryToolCallbacks.SCOPE, Map.of("org_id", "acme"))));
                    assertThat(MAPPER.readTree(scoped).path("returned").asInt()).isPositive();
                });
    }

    @Test
    void withoutAnAuthenticatorThereIsNoFilter() {
        demo().run(context -> assertThat(context).doesNotHaveBean("quarryMcpAuthenticationFilter"));
    }
}
