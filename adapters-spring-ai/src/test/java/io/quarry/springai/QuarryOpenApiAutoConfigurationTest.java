package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.testing.Demo;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code quarry.openapi.*}: the API tools join the starter's toolkit. */
class QuarryOpenApiAutoConfigurationTest {
    private static final DataSource DEMO = Demo.dataSource("spring-boot-openapi");

    @TempDir
    static Path dir;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(QuarryOpenApiAutoConfiguration.class, QuarryAutoConfiguration.class))
            .withBean(DataSource.class, () -> DEMO)
            .withPropertyValues("quarry.config=file:" + Demo.config());

    private static String document() throws Exception {
        Path doc = dir.resolve("openapi.yaml");
        Files.writeString(doc, """
                openapi: 3.0.3
                info: {title: Notes, version: "1"}
                paths:
                  /notes:
                    get: {operationId: listNotes, summary: List notes, responses: {'200': {description: ok}}}
                    post:
                      operationId: createNote
                      summary: Create a note
                      requestBody:
                        content: {application/json: {schema: {type: object, properties: {text: {type: string}}}}}
                      responses: {'201': {description: created}}
                """);
        return doc.toString();
    }

    @Test
    void theApiToolsJoinTheToolkit() throws Exception {
        runner.withPropertyValues(
                        "quarry.openapi.document=" + document(), "quarry.openapi.base-url=http://127.0.0.1:9/api")
                .run(context -> {
                    Toolkit toolkit = context.getBean(Toolkit.class);
                    assertThat(toolkit.tools())
                            .extracting(t -> t.name())
                            .endsWith("find_api", "call_api", "context_whoami");
                    assertThat(toolkit.call("call_api", (String) null, ToolContext.unrestricted())
                                    .errorCode())
                            .isEqualTo("INVALID_OPERAND");
                    assertThat(toolkit.tool("call_api")
                                    .orElseThrow()
                                    .call(
                                            "{\"method\": \"POST\", \"path\": \"/notes\", \"body\": {}}",
                                            ToolContext.unrestricted())
                                    .errorCode())
                            .isEqualTo("NOT_ALLOWED");
                });
        runner.withPropertyValues(
                        "quarry.openapi.document=" + document(),
                        "quarry.openapi.base-url=http://127.0.0.1:9/api",
                        "quarry.openapi.enable=createNote")
                .run(context -> assertThat(context.getBean(Toolkit.class)
                                .tool("call_api")
                                .orElseThrow()
                                .call(
                                        "{\"method\": \"POST\", \"path\": \"/notes\", \"body\": {}}",
                                        ToolContext.unrestricted())
                                .errorCode())
                        .isEqualTo("NEEDS_CONFIRMATION"));
    }

    @Test
    void withoutTheDocumentPropertyNothingIsAdded() {
        runner.run(context ->
                assertThat(context.getBean(Toolkit.class).tool("find_api")).isEmpty());
    }

    @Test
    void springdocsDocumentIsReadOnFirstUseSoAServerNotUpIsAToolErrorNotAStartupFailure() {
        runner.withPropertyValues("quarry.openapi.enabled=true").run(context -> {
            assertThat(context).hasNotFailed();
            Toolkit toolkit = context.getBean(Toolkit.class);
            var result =
                    toolkit.tool("find_api").orElseThrow().call("{\"query\": \"notes\"}", ToolContext.unrestricted());
            assertThat(result.errorCode()).isEqualTo("API_UNAVAILABLE");
            assertThat(result.json().path("error").path("hint").asText()).contains("Try again");
        });
    }

    @Test
    void enabledWithoutADocumentNorSpringdocSaysWhatToSetAndEnabledFalseTurnsTheToolsOff() throws Exception {
        runner.withClassLoader(new FilteredClassLoader("org.springdoc"))
                .withPropertyValues("quarry.openapi.enabled=true")
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("quarry.openapi.document")
                        .hasMessageContaining("springdoc"));
        runner.withPropertyValues(
                        "quarry.openapi.enabled=false",
                        "quarry.openapi.document=" + document(),
                        "quarry.openapi.base-url=http://127.0.0.1:9/api")
                .run(context -> assertThat(context.getBean(Toolkit.class).tool("find_api"))
                        .isEmpty());
    }
}
