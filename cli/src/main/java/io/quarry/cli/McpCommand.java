package io.quarry.cli;

import io.quarry.mcp.OAuthResourceServer;
import io.quarry.mcp.QuarryMcpHttpServer;
import io.quarry.mcp.QuarryMcpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code quarry mcp}: serve the tools to an MCP client over standard input and output, or HTTP. */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serve the tools as an MCP server over stdio (the built-in demo by default) until the client closes stdin,",
            "or over Streamable HTTP with --http PORT, each request's scope from its token (--tokens FILE, or a JWT: --oauth FILE).",
            "Standard output carries the protocol only; logs go to standard error.",
            "Examples: quarry mcp --scope org_id=acme",
            "          quarry mcp --http 8080 --tokens tokens.yaml",
            "          quarry mcp --http 8080 --oauth oauth.yaml"
        })
final class McpCommand implements Callable<Integer> {
    @CommandLine.ParentCommand
    QuarryCli parent;

    @Mixin
    SourceOptions source;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "Serve MCP over Streamable HTTP on this port (endpoint /mcp) instead of stdio.")
    Integer httpPort;

    @Option(
            names = "--host",
            paramLabel = "ADDRESS",
            description = "The address --http listens on (default 127.0.0.1; 0.0.0.0 for every interface).")
    String host = "127.0.0.1";

    @Option(
            names = "--tokens",
            paramLabel = "FILE",
            description = "With --http: the YAML file mapping each bearer token (or its sha256) to a tenant, user"
                    + " and scope; a request without a known token is refused (401).")
    Path tokens;

    @Option(
            names = "--oauth",
            paramLabel = "FILE",
            description = "With --http, instead of --tokens: act as an OAuth 2.1 resource server with the settings of"
                    + " this YAML file (issuer, jwks-uri, resource, tenant-claim, scope-claims, ...; docs/deployment.md):"
                    + " each request's JWT access token gives its tenant, scope and user.")
    Path oauth;

    @Option(
            names = "--api-key-header",
            paramLabel = "NAME",
            description = "With --http: a header that may carry the token instead of Authorization: Bearer.")
    String apiKeyHeader;

    @Option(
            names = "--requests-per-minute",
            paramLabel = "N",
            description = "With --http: requests one token may send a minute (default ${DEFAULT-VALUE}).")
    int requestsPerMinute = 600;

    @Option(
            names = "--session-minutes",
            paramLabel = "N",
            description = "With --http: how long a session lasts (default ${DEFAULT-VALUE}).")
    int sessionMinutes = 60;

    @Option(
            names = "--trace",
            description = "Print one line per tool call on standard error: the tool, ok or the error code, the"
                    + " objects returned and the time (never the arguments or the scope).")
    boolean trace;

    @Option(
            names = "--key-file",
            paramLabel = "FILE",
            description = "With --http: a secret (at least 32 characters) shared by every instance serving the same"
                    + " agents; it signs cursors and session ids, so any instance continues them. Default: a random"
                    + " key, good for one instance until it restarts.")
    Path keyFile;

    @Override
    public Integer call() throws IOException {
        // one pool for the whole session: 16 connections for the HTTP server's 16 workers, two for stdio,
        // which answers one message at a time (docs/deployment.md, Connection pools)
        source.pool = httpPort != null ? 16 : 2;
        if (httpPort != null) {
            return serveHttp();
        }
        var toolkit = source.toolkit(source.source(), this::traced);
        var context = source.context();
        // read ahead what the first get_database_schema full answer shows, so it costs what later ones do
        Thread warm = new Thread(
                () -> {
                    try {
                        toolkit.warm(context.scope());
                    } catch (RuntimeException e) {
                        // the call that needs it computes it itself, and reports what fails
                    }
                },
                "quarry-schema-warm");
        warm.setDaemon(true);
        warm.start();
        PrintStream stdout = System.out;
        // whatever prints to System.out by mistake must not break the protocol
        System.setOut(System.err);
        try {
            QuarryMcpServer.serve(toolkit, context, parent.in, parent.out);
        } finally {
            System.setOut(stdout);
        }
        return 0;
    }

    private int serveHttp() throws IOException {
        if (tokens == null && oauth == null) {
            throw new IllegalArgumentException(
                    "--http needs --tokens FILE or --oauth FILE: every request's scope comes from its token");
        }
        if (tokens != null && oauth != null) {
            throw new IllegalArgumentException(
                    "--tokens and --oauth are two ways to know a request's caller: give one of them");
        }
        if (!source.scope.isEmpty()) {
            throw new IllegalArgumentException(
                    "--scope does not apply with --http: each token's scope comes from --tokens or --oauth");
        }
        SourceOptions.Source data = source.source();
        if (data.config() == null || data.config().schema().isEmpty()) {
            throw new IllegalArgumentException("--http needs a configuration that declares the types (--config FILE"
                    + " with a 'types' section): types inferred from the data would show every tenant's names to"
                    + " every tenant");
        }
        QuarryMcpHttpServer.Authenticator authenticator = oauth != null
                ? OAuthResourceServer.read(oauth)
                : QuarryMcpHttpServer.tokenFile(tokens, source.context().clock());
        byte[] secret = secret();
        QuarryMcpHttpServer.Builder builder = QuarryMcpHttpServer.builder(
                        source.toolkit(data, b -> traced(b.cursorKey(derive(secret, "cursor")))), authenticator)
                .sessionKey(derive(secret, "session"))
                .host(host)
                .port(httpPort)
                .requestsPerMinute(requestsPerMinute)
                .sessionTimeout(java.time.Duration.ofMinutes(sessionMinutes));
        if (apiKeyHeader != null) {
            builder.apiKeyHeader(apiKeyHeader);
        }
        return run(builder);
    }

    private int run(QuarryMcpHttpServer.Builder builder) throws IOException {
        CountDownLatch stopped = new CountDownLatch(1);
        try (QuarryMcpHttpServer server = builder.build().start()) {
            spec.commandLine()
                    .getErr()
                    .println("quarry: MCP over HTTP on http://" + host + ":" + server.port() + "/mcp"
                            + " (Ctrl-C stops it)");
            spec.commandLine().getErr().flush();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private void traced(io.quarry.tool.Toolkit.Builder b) {
        if (trace) {
            b.listener(new Trace(spec.commandLine().getErr()));
        }
    }

    private byte[] secret() throws IOException {
        if (keyFile == null) {
            byte[] random = new byte[32];
            new java.security.SecureRandom().nextBytes(random);
            return random;
        }
        String text = java.nio.file.Files.readString(keyFile, java.nio.charset.StandardCharsets.UTF_8)
                .strip();
        if (text.length() < 32) {
            throw new IllegalArgumentException("--key-file " + keyFile + " holds " + text.length()
                    + " characters; use at least 32, such as: openssl rand -base64 32 > " + keyFile);
        }
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A key for one purpose from the shared secret, so a cursor key never signs a session. */
    private static byte[] derive(byte[] secret, String purpose) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(("quarry " + purpose).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
