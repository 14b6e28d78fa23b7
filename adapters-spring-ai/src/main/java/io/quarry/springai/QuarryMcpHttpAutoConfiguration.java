package io.quarry.springai;

import jakarta.servlet.Filter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Guards Spring AI's MCP server endpoint with the host's {@link QuarryMcpHttp.Authenticator} bean:
 * every request to {@code spring.ai.mcp.server.streamable-http.mcp-endpoint} (default {@code /mcp}) and
 * its {@code /TENANT} sub-paths must carry a credential the authenticator knows ({@code Authorization:
 * Bearer TOKEN}, or the header {@code quarry.mcp.api-key-header}), and Quarry's tools run in its
 * caller's context ({@link QuarryAutoConfiguration} reads it through {@link QuarryMcpHttp}).
 */
@AutoConfiguration
@ConditionalOnClass(Filter.class)
@ConditionalOnBean(QuarryMcpHttp.Authenticator.class)
public class QuarryMcpHttpAutoConfiguration {
    /** The filter (Spring Boot registers a {@code Filter} bean for every request; it passes the others). */
    @Bean
    @ConditionalOnMissingBean(name = "quarryMcpAuthenticationFilter")
    public Filter quarryMcpAuthenticationFilter(QuarryMcpHttp.Authenticator authenticator, Environment environment) {
        return QuarryMcpHttp.filter(
                authenticator,
                environment.getProperty("spring.ai.mcp.server.streamable-http.mcp-endpoint", "/mcp"),
                environment.getProperty("quarry.mcp.api-key-header"));
    }
}
