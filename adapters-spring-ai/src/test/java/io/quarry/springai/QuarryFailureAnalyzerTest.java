package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * A Boot application whose Quarry configuration or database cannot serve the tools fails to start
 * with Boot's failure report of one description line and one action line, the command line's
 * message, and no stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class QuarryFailureAnalyzerTest {
    @TempDir
    static Path dir;

    /** The application: a DataSource given by the test, and Quarry's auto-configuration. */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(QuarryAutoConfiguration.class)
    static class App {
        static String url;

        @Bean
        DataSource dataSource() {
            JdbcDataSource ds = new JdbcDataSource();
            ds.setURL(url);
            return ds;
        }
    }

    static Stream<Arguments> brokenApplications() throws Exception {
        Path unknownKey = Files.writeString(dir.resolve("unknown-key.yaml"), "limits: {max_limt: 7}\n");
        Path badYaml = Files.writeString(dir.resolve("bad.yaml"), "types: [\n");
        String demo = "jdbc:h2:mem:failure-demo;DB_CLOSE_DELAY=-1";
        io.quarry.testing.Demo.dataSource("failure-demo");
        return Stream.of(
                Arguments.of(
                        "an unknown key in the file",
                        demo,
                        "file:" + unknownKey,
                        "Quarry could not build its tools: file:" + unknownKey
                                + ": limits: unknown key 'max_limt' (did you mean 'max_limit'?)",
                        "Allowed keys are "),
                Arguments.of("a file that is not YAML", demo, "file:" + badYaml, "file:" + badYaml, null),
                Arguments.of(
                        "a database that is not there",
                        "jdbc:h2:file:" + dir.resolve("missing").toAbsolutePath() + ";IFEXISTS=TRUE",
                        null,
                        "Quarry could not build its tools: Quarry cannot read the application's database (",
                        "Check spring.datasource.url"),
                Arguments.of(
                        "a database without anything to serve",
                        "jdbc:h2:mem:failure-empty;DB_CLOSE_DELAY=-1",
                        null,
                        "Quarry could not build its tools: quarry.introspect: the DataSource has no table to serve",
                        null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenApplications")
    void theFailureIsReportedInOneLineWithoutAStackTrace(
            String why, String url, String config, String description, String action, CapturedOutput output) {
        App.url = url;
        SpringApplicationBuilder app = new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                .logStartupInfo(false);
        if (config != null) {
            app.properties("quarry.config=" + config);
        }

        RuntimeException failure =
                assertThrows(RuntimeException.class, () -> app.run().close());

        FailureAnalysis analysis = analyze(failure);
        assertThat(analysis).as("analysed by Quarry").isNotNull();
        assertThat(analysis.getDescription()).doesNotContain("\n").contains(description);
        assertThat(analysis.getAction()).doesNotContain("\n").isNotBlank();
        if (action != null) {
            assertThat(analysis.getAction()).contains(action);
        }
        assertThat(output.toString())
                .contains("APPLICATION FAILED TO START")
                .contains(analysis.getDescription())
                .doesNotContain("\tat io.quarry")
                .doesNotContain("Caused by:");
    }

    @Test
    @SuppressWarnings("deprecation") // loadFactoryNames: the names, without making every analyzer
    void theAnalyzerIsRegisteredForSpringBoot() {
        assertThat(SpringFactoriesLoader.loadFactoryNames(
                        FailureAnalyzer.class, getClass().getClassLoader()))
                .contains(QuarryFailureAnalyzer.class.getName());
    }

    private static FailureAnalysis analyze(Throwable failure) {
        return new QuarryFailureAnalyzer().analyze(failure);
    }
}
