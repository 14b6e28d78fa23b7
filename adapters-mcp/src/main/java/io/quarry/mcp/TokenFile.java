package io.quarry.mcp;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarry.mcp.QuarryMcpHttpServer.Authenticator;
import io.quarry.mcp.QuarryMcpHttpServer.Caller;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A static map from credentials to callers, read from a YAML (or JSON) file:
 *
 * <pre>{@code
 * tokens:
 *   - sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08   # of the token
 *     tenant: acme
 *     user: alice            # optional
 *     scope: {org_id: acme}  # required: every read is confined to it
 *   - token: globex-dev-token  # the token itself, for development
 *     tenant: globex
 *     scope: {org_id: globex}
 * }</pre>
 *
 * <p>Every entry needs a non-empty scope: a token never reads unscoped. A scope value is one text or
 * number ({@code ""}, {@code null}, a list, a map and {@code "*"} are refused: a scope value matches only
 * itself, there is no wildcard), and {@link QuarryMcpHttpServer#start()} refuses a scope key the
 * toolkit's store has no column for. Each refusal names the file and the entry's line. Tokens are
 * compared by their SHA-256, so the file may hold digests only ({@code printf %s TOKEN | sha256sum}).
 */
final class TokenFile implements Authenticator {
    private static final Logger LOG = LoggerFactory.getLogger(TokenFile.class);

    /** One entry: where it is, and the caller it gives. */
    private record Entry(String where, Caller caller) {}

    private final Map<String, Entry> byDigest;

    private TokenFile(Map<String, Entry> byDigest) {
        this.byDigest = Map.copyOf(byDigest);
    }

    static TokenFile read(Path file, Clock clock) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        Map<String, Entry> byDigest = new LinkedHashMap<>();
        boolean listed = false;
        try (JsonParser parser = yaml.getFactory().createParser(file.toFile())) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("the token file " + file + " needs a non-empty list 'tokens'");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (!field.equals("tokens") || value != JsonToken.START_ARRAY) {
                    parser.skipChildren();
                    continue;
                }
                listed = true;
                int i = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    int line = parser.currentTokenLocation().getLineNr();
                    JsonNode entry = parser.readValueAsTree();
                    String where = file + " line " + line + " (tokens[" + i++ + "])";
                    Entry read = entry(entry, where, clock);
                    if (byDigest.put(digest(entry, where), read) != null) {
                        throw new IllegalArgumentException(where + " repeats a token");
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + oneLine(e), e);
        }
        if (!listed || byDigest.isEmpty()) {
            throw new IllegalArgumentException("the token file " + file + " needs a non-empty list 'tokens'");
        }
        return new TokenFile(byDigest);
    }

    private static String oneLine(IOException e) {
        String message = String.valueOf(e.getMessage());
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    private static String digest(JsonNode entry, String where) {
        String digest = entry.hasNonNull("sha256")
                ? entry.get("sha256").asText().toLowerCase(Locale.ROOT)
                : entry.hasNonNull("token") ? sha256(entry.get("token").asText()) : null;
        if (digest == null || !digest.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException(where + " needs 'token' or a 64-digit hex 'sha256'");
        }
        return digest;
    }

    private static Entry entry(JsonNode entry, String where, Clock clock) {
        if (!entry.isObject()) {
            throw new IllegalArgumentException(
                    where + " must be a map with 'token' (or 'sha256'), 'tenant' and 'scope'");
        }
        digest(entry, where);
        String tenant = entry.path("tenant").isTextual() ? entry.get("tenant").asText() : "";
        JsonNode scope = entry.get("scope");
        if (tenant.isBlank() || scope == null || !scope.isObject() || scope.isEmpty()) {
            throw new IllegalArgumentException(where + " needs a 'tenant' and a non-empty 'scope' map");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> f : scope.properties()) {
            JsonNode v = f.getValue();
            String key = f.getKey();
            if (!(v.isTextual() || v.isIntegralNumber())
                    || v.asText().isBlank()
                    || v.asText().equals("*")) {
                throw new IllegalArgumentException(where + ": scope." + key + " must be one text or number, not "
                        + (v.isTextual()
                                ? (v.asText().equals("*")
                                        ? "\"*\" (there is no wildcard: a scope value" + " matches only itself)"
                                        : "an empty text")
                                : Dispatcher.kind(v)));
            }
            values.put(key, v.asText());
        }
        ToolContext context = ToolContext.builder()
                .scope(new Scope(values))
                .user(entry.hasNonNull("user") ? entry.get("user").asText() : null)
                .clock(clock)
                .build();
        return new Entry(where, new Caller(tenant, context));
    }

    /**
     * Refuses an entry whose scope the toolkit cannot serve: one call of {@code get_database_schema}
     * in each scope, where a scope key the store has no column for fails.
     *
     * @throws IllegalArgumentException naming the entry's line and the scope
     */
    void check(Toolkit toolkit) {
        Map<Scope, String> seen = new LinkedHashMap<>();
        for (Entry entry : byDigest.values()) {
            Scope scope = entry.caller().context().scope();
            if (seen.putIfAbsent(scope, entry.where()) != null
                    || toolkit.tool("get_database_schema").isEmpty()) {
                continue;
            }
            ToolResult result;
            try {
                result = toolkit.call(
                        "get_database_schema",
                        Dispatcher.JSON.createObjectNode(),
                        entry.caller().context());
            } catch (RuntimeException e) {
                result = ToolResult.internalError();
            }
            if (result.isError()) {
                String code = result.json().at("/error/code").asText();
                if (code.equals("INTERNAL")) {
                    throw new IllegalArgumentException(entry.where() + ": the scope " + scope.values()
                            + " cannot be read (does every scope key name a column of the store?)");
                }
                LOG.warn("{}: checking the scope {} answered {}", entry.where(), scope.values(), code);
            }
        }
    }

    @Override
    public Optional<Caller> authenticate(String credential, Map<String, List<String>> headers) {
        return Optional.ofNullable(byDigest.get(sha256(credential))).map(Entry::caller);
    }

    static String sha256(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
