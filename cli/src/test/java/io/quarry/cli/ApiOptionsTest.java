package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --openapi FILE --api-base-url URL}: the API tools beside the demo's. */
class ApiOptionsTest {
    @TempDir
    static Path dir;

    private static Path document() throws Exception {
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
                        required: true
                        content: {application/json: {schema: {type: object, required: [text], properties: {text: {type: string}}}}}
                      responses: {'201': {description: created}}
                """);
        return doc;
    }

    @Test
    void theApiToolsAreListedAndFindApiAnswers() throws Exception {
        String doc = document().toString();
        QuarryCliTest.Run tools = run("", "tools", "--openapi", doc, "--api-base-url", "http://127.0.0.1:9/api");
        assertThat(tools.out()).contains("find_api").contains("call_api").contains("context_whoami");
        QuarryCliTest.Run found = run(
                "",
                "call",
                "find_api",
                "{\"query\": \"create a note\"}",
                "--openapi",
                doc,
                "--api-base-url",
                "http://127.0.0.1:9/api");
        assertThat(found.out()).contains("\"operation_id\":\"createNote\"");
        // not enabled: refused before anything is sent
        QuarryCliTest.Run refused = run(
                "",
                "call",
                "call_api",
                "{\"method\": \"POST\", \"path\": \"/notes\", \"body\": {\"text\": \"x\"}}",
                "--openapi",
                doc,
                "--api-base-url",
                "http://127.0.0.1:9/api");
        assertThat(refused.out()).contains("NOT_ALLOWED");
    }

    @Test
    void aDocumentWithoutABaseUrlIsAUsageError() throws Exception {
        QuarryCliTest.Run run = run("", "tools", "--openapi", document().toString());
        assertThat(run.err()).contains("--openapi needs --api-base-url");
    }
}
