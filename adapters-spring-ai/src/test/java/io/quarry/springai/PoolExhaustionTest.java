package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A HikariCP pool with every connection held: a call waits no longer than the statement timeout (not
 * the pool's 30 s) and gets a retryable DATABASE_UNAVAILABLE error that says the connections are busy;
 * once a connection is free again, the same call succeeds and the calling thread is not left
 * interrupted.
 */
class PoolExhaustionTest {

    @Test
    void anExhaustedPoolIsARetryableErrorWithinTheStatementTimeout() throws Exception {
        DataSource demo = Demo.dataSource("spring-pool-exhaustion");
        try (HikariDataSource pool = new HikariDataSource()) {
            pool.setDataSource(demo);
            pool.setMaximumPoolSize(1);
            pool.setConnectionTimeout(30_000);
            new ApplicationContextRunner()
                    .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                    .withBean(DataSource.class, () -> pool)
                    .withPropertyValues("quarry.config=file:" + Demo.config(), "quarry.store.timeout=1s")
                    .run(context -> {
                        Toolkit toolkit = context.getBean(Toolkit.class);
                        String page = "{\"type\": \"Project\", \"limit\": 1}";
                        String answer;
                        long millis;
                        try (Connection held = pool.getConnection()) {
                            long start = System.nanoTime();
                            answer = toolkit.tool("query_graph_objects")
                                    .orElseThrow()
                                    .call(page, ToolContext.unrestricted())
                                    .text();
                            millis = (System.nanoTime() - start) / 1_000_000;
                            assertThat(held.isClosed()).isFalse();
                        }
                        assertThat(answer)
                                .isEqualTo("{\"error\":{\"code\":\"DATABASE_UNAVAILABLE\",\"path\":\"\",\"message\":"
                                        + "\"Every database connection is busy: none became free within the 1 s"
                                        + " limit.\",\"hint\":\"This is temporary and not caused by the request:"
                                        + " retry the same call in a few seconds.\"}}");
                        assertThat(millis).isBetween(900L, 5_000L);
                        assertThat(Thread.currentThread().isInterrupted()).isFalse();
                        assertThat(toolkit.tool("query_graph_objects")
                                        .orElseThrow()
                                        .call(page, ToolContext.unrestricted())
                                        .text())
                                .contains("\"returned\":1");
                    });
        }
    }
}
