package io.quarry.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarry.mcp.QuarryMcpHttpServer.Authenticator;
import io.quarry.mcp.QuarryMcpHttpServer.Caller;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
 * <p>Every entry needs a non-empty scope: a token never reads unscoped. Tokens are compared by their
 * SHA-256, so the file may hold digests only ({@code printf %s TOKEN | sha256sum}).
 */
final class TokenFile implements Authenticator {
    private final Map<String, Caller> byDigest;

    private TokenFile(Map<String, Caller> byDigest) {
        this.byDigest = Map.copyOf(byDigest);
    }

    static TokenFile read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the token file " + file + ": " + e.getMessage(), e);
        }
        JsonNode tokens = root == null ? null : root.get("tokens");
        if (tokens == null || !tokens.isArray() || tokens.isEmpty()) {
            throw new IllegalArgumentException("the token file " + file + " needs a non-empty list 'tokens'");
        }
        Map<String, Caller> byDigest = new LinkedHashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            JsonNode entry = tokens.get(i);
            String where = file + ": tokens[" + i + "]";
            String digest = entry.hasNonNull("sha256")
                    ? entry.get("sha256").asText().toLowerCase(Locale.ROOT)
                    : entry.hasNonNull("token") ? sha256(entry.get("token").asText()) : null;
            if (digest == null || !digest.matches("[0-9a-f]{64}")) {
                throw new IllegalArgumentException(where + " needs 'token' or a 64-digit hex 'sha256'");
            }
            String tenant = entry.path("tenant").asText("");
            JsonNode scope = entry.get("scope");
            if (tenant.isBlank() || scope == null || !scope.isObject() || scope.isEmpty()) {
                throw new IllegalArgumentException(where + " needs a 'tenant' and a non-empty 'scope' map");
            }
            Map<String, String> values = new LinkedHashMap<>();
            scope.properties().forEach(f -> values.put(f.getKey(), f.getValue().asText()));
            ToolContext context = ToolContext.builder()
                    .scope(new Scope(values))
                    .user(entry.hasNonNull("user") ? entry.get("user").asText() : null)
                    .build();
            if (byDigest.put(digest, new Caller(tenant, context)) != null) {
                throw new IllegalArgumentException(where + " repeats a token");
            }
        }
        return new TokenFile(byDigest);
    }

    @Override
    public Optional<Caller> authenticate(String credential, Map<String, List<String>> headers) {
        return Optional.ofNullable(byDigest.get(sha256(credential)));
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
