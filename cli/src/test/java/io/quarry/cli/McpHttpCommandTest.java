package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code quarry mcp --http} refuses to start where a request could read without its own scope. */
class McpHttpCommandTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void files() throws Exception {
        QuarryCliTest.files(dir);
        Files.writeString(dir.resolve("tokens.yaml"), "tokens:\n  - {token: t, tenant: acme, scope: {org_id: acme}}\n");
        Files.writeString(
                dir.resolve("oauth.yaml"),
                "resource: http://127.0.0.1:1/mcp\nissuer: http://127.0.0.1:2\njwks-uri: http://127.0.0.1:2/jwks\n"
                        + "tenant-claim: org\nscope-claims: {tenant_id: org}\n");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "no token file          | --data DATA --config CONFIG                            "
                        + "| quarry: --http needs --tokens FILE or --oauth FILE: every request's scope comes from its token",
                "tokens and OAuth       | --data DATA --config CONFIG --tokens TOKENS --oauth OAUTH "
                        + "| quarry: --tokens and --oauth are two ways to know a request's caller: give one of them",
                "a wrong OAuth file     | --data DATA --config CONFIG --oauth TOKENS "
                        + "| quarry: the OAuth file TOKENS: unknown key 'tokens'",
                "a fixed scope          | --data DATA --config CONFIG --tokens TOKENS --scope org_id=acme "
                        + "| quarry: --scope does not apply with --http: each token's scope comes from --tokens or --oauth",
                "types from the data    | --data DATA --tokens TOKENS                            "
                        + "| quarry: --http needs a configuration that declares the types",
            })
    void refusesToStart(String name, String options, String message) {
        List<String> args = new ArrayList<>(List.of("mcp", "--http", "0"));
        for (String option : options.strip().split("\\s+")) {
            args.add(option.replace("DATA", dir.resolve("data.json").toString())
                    .replace("CONFIG", dir.resolve("quarry.yaml").toString())
                    .replace("TOKENS", dir.resolve("tokens.yaml").toString())
                    .replace("OAUTH", dir.resolve("oauth.yaml").toString()));
        }
        QuarryCliTest.Run run = QuarryCliTest.run("", args.toArray(String[]::new));
        assertThat(run.exit()).isNotZero();
        assertThat(run.err())
                .startsWith(message.replace("TOKENS", dir.resolve("tokens.yaml").toString()));
    }

    @org.junit.jupiter.api.Test
    void traceprintsOneLinePerCallWithoutArguments() {
        QuarryCliTest.Run run = QuarryCliTest.run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"query\": \"secretword\", \"limit\": 1}",
                "--trace",
                "--data",
                dir.resolve("data.json").toString(),
                "--config",
                dir.resolve("quarry.yaml").toString());
        assertThat(run.exit()).isZero();
        assertThat(run.err()).matches("quarry: trace query_graph_objects ok rows=0 \\d+ ms\\R");
        QuarryCliTest.Run wrong = QuarryCliTest.run(
                "",
                "call",
                "query_graph_objects",
                "{\"type\": \"Task\", \"properties\": {\"stauts\": \"x\"}}",
                "--trace",
                "--data",
                dir.resolve("data.json").toString(),
                "--config",
                dir.resolve("quarry.yaml").toString());
        assertThat(wrong.err()).startsWith("quarry: trace query_graph_objects UNKNOWN_FIELD rows=0 ");
    }
}
