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
 * A Spring Boot host with a DataSource, Quarry's starter and Spring AI's MCP server starter: all it
 * writes is the DataSource bean. Serves the demo over stdio.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SpringMcpDemoServer {

    /** The host's database. */
    @Bean
    DataSource dataSource() {
        return Demo.dataSource("spring-mcp");
    }

    /** Runs the MCP server on standard input and output. */
    public static void main(String[] args) {
        new SpringApplicationBuilder(SpringMcpDemoServer.class)
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
