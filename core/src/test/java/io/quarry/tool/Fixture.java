package io.quarry.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The small project tracker the tool tests run on. */
final class Fixture {
    static final Scope ACME = Scope.of("org_id", "acme");

    private Fixture() {}

    static Schema schema() {
        return QuarryConfig.parse(resource("fixture.yaml"), "schema.yaml")
                .schema()
                .orElseThrow();
    }

    static InMemoryObjectStore store() {
        try (InputStream in = Fixture.class.getResourceAsStream("fixture-data.json")) {
            return InMemoryObjectStore.of(DataFile.read(in, "fixture-data.json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Toolkit toolkit() {
        return Toolkit.builder().schema(schema()).store(store()).build();
    }

    static ToolContext acme() {
        return ToolContext.builder().scope(ACME).build();
    }

    static ObjectNode call(Toolkit toolkit, String tool, String json, ToolContext context) {
        try {
            return toolkit.call(tool, Json.parse(json), context).json();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A word of {@code length} capital letters: high entropy, so a value made of it appears nowhere by chance. */
    static String word(java.util.Random random, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append((char) ('A' + random.nextInt(26)));
        }
        return s.toString();
    }

    private static final java.util.regex.Pattern CURSOR =
            java.util.regex.Pattern.compile("\"next_cursor\":\"([^\"]+)\"");

    /** The text, and after it every cursor in it decoded (a signed one without its signature; a sealed one stays unread). */
    static String withCursorsDecoded(String text) {
        StringBuilder all = new StringBuilder(text);
        var cursors = CURSOR.matcher(text);
        while (cursors.find()) {
            String c = cursors.group(1);
            c = c.contains(".") && !c.startsWith("m.") ? c.substring(0, c.lastIndexOf('.')) : c;
            try {
                all.append('\n')
                        .append(new String(java.util.Base64.getUrlDecoder().decode(c), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException sealed) {
                // a sealed cursor: "m." and encrypted bytes
            }
        }
        return all.toString();
    }

    static List<String> ids(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.path("objects").forEach(o -> ids.add(o.path("id").asText()));
        return ids;
    }

    /** A YAML or JSON resource as a configuration. */
    static QuarryConfig config(String name) {
        return QuarryConfig.parse(resource(name), name);
    }

    static String resource(String name) {
        try (InputStream in = Fixture.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
