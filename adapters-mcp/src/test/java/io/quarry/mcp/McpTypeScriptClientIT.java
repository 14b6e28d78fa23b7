package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.quarry.testing.Demo;
import io.quarry.testing.TestIssuer;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A client no one here wrote: the official TypeScript SDK ({@code @modelcontextprotocol/sdk}, pinned
 * by {@code src/test/node/package-lock.json}) launches {@link DemoServer} and checks its tools,
 * results and isError results ({@code src/test/node/client.mjs}), and the MCP Inspector's command
 * line ({@code @modelcontextprotocol/inspector --cli}) calls the HTTP server with a bearer token.
 * Skipped with a message when Node or npm is missing, except in CI ({@code CI=true}), where that fails.
 */
class McpTypeScriptClientIT {
    private static final Path SOURCES = Path.of("src/test/node");
    private static final Path WORK = Path.of("target/node");

    @Test
    void theTypeScriptSdkClientListsAndCallsTheTools() throws Exception {
        assumeNode();
        List<String> command = new ArrayList<>(List.of(
                "node",
                "client.mjs",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                DemoServer.class.getName()));
        Result client = run(command, 180);

        assertThat(client.exit).as("node client.mjs:%n%s", client.output).isZero();
        String served = "[\"" + String.join("\",\"", Demo.toolNames()) + "\"]";
        assertThat(client.output)
                .contains("{\"ok\":true,\"tools\":" + served + ",\"returned\":2,"
                        + "\"errors\":[\"UNKNOWN_FIELD\",\"UNKNOWN_FIELD\"]}");
    }

    @Test
    void theTypeScriptSdkClientOverHttpSeesOnlyItsTenant() throws Exception {
        assumeNode();
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(
                tokens,
                "tokens:\n"
                        + "  - {token: acme-token, tenant: acme, scope: {org_id: acme}}\n"
                        + "  - {token: globex-token, tenant: globex, scope: {org_id: globex}}\n");
        try (QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(
                        Demo.toolkit("mcp-http-ts"), QuarryMcpHttpServer.tokenFile(tokens))
                .port(0)
                .build()
                .start()) {
            Result client = run(List.of("node", "http-client.mjs", "http://127.0.0.1:" + server.port() + "/mcp"), 180);
            assertThat(client.exit)
                    .as("node http-client.mjs:%n%s", client.output)
                    .isZero();
            assertThat(client.output)
                    .contains("{\"ok\":true,\"tenants\":[\"acme\",\"globex\"],\"crossed\":8,"
                            + "\"refused\":[\"401\",\"401\",\"403\"]}");
        } finally {
            Files.delete(tokens);
        }
    }

    /**
     * The TypeScript SDK client against the server as an OAuth 2.1 resource server, with the SDK's own
     * client-credentials provider and {@link TestIssuer} as the authorization server: the SDK follows the
     * 401 to the RFC 9728 metadata and the authorization server's, and gets a JWT for the resource. A
     * token of quarry.read alone is refused the tool that needs quarry.aggregate (403, after which the
     * SDK authorizes once more and stops); one with both scopes calls it. Each token reads its tenant's
     * projects only.
     */
    @Test
    void theTypeScriptSdkClientAuthorizesWithOAuthAndMeetsAToolsScope() throws Exception {
        assumeNode();
        try (TestIssuer issuer = new TestIssuer()
                .client("acme-agent", "acme-agent-secret", "acme", "quarry.read", "quarry.aggregate")
                .client("globex-agent", "globex-agent-secret", "globex", "quarry.read", "quarry.aggregate")) {
            int port = OAuthResourceServerTest.freePort();
            String url = "http://127.0.0.1:" + port + "/mcp";
            OAuthResourceServer oauth = OAuthResourceServer.builder(URI.create(url), issuer.issuer(), issuer.jwks())
                    .tenantClaim("tenant")
                    .scopeClaim("org_id", "org")
                    .requiredScopes(List.of("quarry.read"))
                    .toolScope("aggregate_graph_objects", "quarry.aggregate")
                    .build();
            try (QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(Demo.toolkit("mcp-oauth-ts"), oauth)
                    .port(port)
                    .build()
                    .start()) {
                assertThat(server.port()).isEqualTo(port);
                Result client = run(List.of("node", "oauth-client.mjs", url, issuer.issuer()), 180);
                assertThat(client.exit)
                        .as("node oauth-client.mjs:%n%s", client.output)
                        .isZero();
                assertThat(client.output)
                        .contains("{\"ok\":true,\"tenants\":[\"acme\",\"globex\"],"
                                + "\"scopes\":{\"acme\":\"quarry.read\",\"globex\":\"quarry.aggregate quarry.read\"},"
                                + "\"aggregated\":{\"acme\":\"403\",\"globex\":\"ok\"}}");
                // acme: one token, and one more after the 403; globex: one
                assertThat(issuer.tokensIssued()).isEqualTo(3);
            }
        }
    }

    /**
     * The official MCP Inspector's command line ({@code @modelcontextprotocol/inspector}, {@code --cli},
     * pinned by the package-lock) over Streamable HTTP with a bearer token: it lists the tools and calls
     * one, answered in the token's tenant; without the token it fails.
     */
    @Test
    void theMcpInspectorCliListsAndCallsTheToolsWithABearerToken() throws Exception {
        assumeNode();
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(tokens, "tokens:\n  - {token: acme-token, tenant: acme, scope: {org_id: acme}}\n");
        try (QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(
                        Demo.toolkit("mcp-http-inspector"), QuarryMcpHttpServer.tokenFile(tokens))
                .port(0)
                .build()
                .start()) {
            String url = "http://127.0.0.1:" + server.port() + "/mcp";
            List<String> bearer = List.of("--header", "Authorization: Bearer acme-token");

            Result list = inspector(url, bearer, "--method", "tools/list");
            assertThat(list.exit)
                    .as("mcp-inspector tools/list:%n%s", list.output)
                    .isZero();
            for (String tool : Demo.toolNames()) {
                assertThat(list.output).contains("\"name\": \"" + tool + "\"");
            }

            Result call = inspector(
                    url,
                    bearer,
                    "--method",
                    "tools/call",
                    "--tool-name",
                    "query_graph_objects",
                    "--tool-arg",
                    "type=Project",
                    "limit=2");
            assertThat(call.exit)
                    .as("mcp-inspector tools/call:%n%s", call.output)
                    .isZero();
            assertThat(call.output)
                    .as("the answer, in acme's scope")
                    .contains("\\\"returned\\\":2")
                    .doesNotContain("globex")
                    .doesNotContain("\"isError\": true");

            // without a token the server answers 401 with WWW-Authenticate: Bearer, and the Inspector
            // would start an interactive OAuth flow: --stored-auth-only makes it fail instead
            Result refused = inspector(url, List.of("--stored-auth-only"), "--method", "tools/list");
            assertThat(refused.exit).as("without a token:%n%s", refused.output).isNotZero();
            assertThat(refused.output)
                    .contains("auth_required", "No credential")
                    .doesNotContain("query_graph_objects");
        } finally {
            Files.delete(tokens);
        }
    }

    /**
     * The Inspector's command line as a client of the stateless 2026-07-28 revision ({@code
     * --protocol-era modern}: no initialize, the version in each request's {@code _meta} and headers)
     * over Streamable HTTP with a bearer token: it lists and calls the tools, reads a schema resource
     * and gets the project context prompt, each answered in the token's tenant with the revision's
     * result {@code _meta}.
     */
    @Test
    void theMcpInspectorCliSpeaksTheStatelessRevision() throws Exception {
        assumeNode();
        Path tokens = Files.createTempFile("quarry-tokens-", ".yaml");
        Files.writeString(tokens, "tokens:\n  - {token: acme-token, tenant: acme, scope: {org_id: acme}}\n");
        try (QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(
                        Demo.toolkit("mcp-http-inspector-modern"), QuarryMcpHttpServer.tokenFile(tokens))
                .port(0)
                .build()
                .start()) {
            String url = "http://127.0.0.1:" + server.port() + "/mcp";
            List<String> modern = List.of(
                    "--header", "Authorization: Bearer acme-token", "--protocol-era", "modern", "--format", "json");
            String served = "\"io.modelcontextprotocol/serverInfo\":{\"name\":\"quarry\"";

            Result list = inspector(url, modern, "--method", "tools/list");
            assertThat(list.exit).as("tools/list:%n%s", list.output).isZero();
            // the Inspector prints the list of tools alone; the results below show the revision's _meta
            assertThat(list.output).contains("\"name\":\"query_graph_objects\"");

            Result call = inspector(
                    url,
                    modern,
                    "--method",
                    "tools/call",
                    "--tool-name",
                    "query_graph_objects",
                    "--tool-arg",
                    "type=Project",
                    "limit=2");
            assertThat(call.exit).as("tools/call:%n%s", call.output).isZero();
            assertThat(call.output).contains("\"returned\":2", served).doesNotContain("globex");

            Result read = inspector(url, modern, "--method", "resources/read", "--uri", "quarry://schema/Risk");
            assertThat(read.exit).as("resources/read:%n%s", read.output).isZero();
            assertThat(read.output).contains("quarry://schema/Risk", served);

            Result prompt = inspector(
                    url,
                    modern,
                    "--method",
                    "prompts/get",
                    "--prompt-name",
                    "project_context",
                    "--prompt-args",
                    "root_id=proj-01",
                    "budget=2000");
            assertThat(prompt.exit).as("prompts/get:%n%s", prompt.output).isZero();
            assertThat(prompt.output).contains("## Project context: proj-01", served);
        } finally {
            Files.delete(tokens);
        }
    }

    /** One run of the Inspector's command line against an HTTP server. */
    private static Result inspector(String url, List<String> headers, String... method)
            throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of("node_modules/.bin/mcp-inspector", "--cli", url, "--transport", "http"));
        command.addAll(headers);
        command.addAll(List.of(method));
        // its catalog of servers and its OAuth state, otherwise in the home directory
        Path home = WORK.toAbsolutePath().resolve("inspector-home");
        Files.createDirectories(home);
        return run(command, Map.of("HOME", home.toString()), 60);
    }

    private static void assumeNode() throws IOException, InterruptedException {
        boolean tools = found("node") && found("npm");
        if (!tools && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("node and npm are needed in CI for the TypeScript MCP client test");
        }
        assumeTrue(tools, "skipped: node or npm is not on the PATH; install Node 18+ to run the TypeScript client");
        synchronized (McpTypeScriptClientIT.class) {
            if (!installed) {
                Files.createDirectories(WORK);
                for (String file : List.of(
                        "package.json", "package-lock.json", "client.mjs", "http-client.mjs", "oauth-client.mjs")) {
                    Files.copy(SOURCES.resolve(file), WORK.resolve(file), StandardCopyOption.REPLACE_EXISTING);
                }
                Result install = run(List.of("npm", "ci", "--no-audit", "--no-fund"), 300);
                assertThat(install.exit).as("npm ci:%n%s", install.output).isZero();
                installed = true;
            }
        }
    }

    private static boolean installed;

    private record Result(int exit, String output) {}

    private static Result run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        return run(command, Map.of(), timeoutSeconds);
    }

    private static Result run(List<String> command, Map<String, String> environment, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(WORK.toAbsolutePath(), "run-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(WORK.toFile());
        builder.environment().putAll(environment);
        Process process =
                builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command.subList(0, 2)) + " did not finish in " + timeoutSeconds
                    + " s:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static boolean found(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
