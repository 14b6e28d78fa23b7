package io.quarry.springai;

import io.quarry.testing.Demo;
import javax.sql.DataSource;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot 4 host with a DataSource, Quarry's starter and Spring AI 2.0's MCP server starter: all
 * it writes is the DataSource bean. Serves the demo over stdio.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SpringBoot4McpDemoServer {

    /** The host's database. */
    @Bean
    DataSource dataSource() {
        return Demo.dataSource("spring-boot4-mcp");
    }

    /** Runs the MCP server on standard input and output. */
    public static void main(String[] args) {
        new SpringApplicationBuilder(SpringBoot4McpDemoServer.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .properties(
                        "quarry.config=file:" + Demo.config(),
                        "spring.ai.mcp.server.name=quarry-demo",
                        "spring.ai.mcp.server.stdio=true")
                .run(args);
    }
}
