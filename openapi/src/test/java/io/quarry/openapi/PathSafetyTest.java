package io.quarry.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.QueryException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Whatever path the model writes, either it is refused or the URL it gives stays under the base URL. */
class PathSafetyTest {
    private static final String BASE = "http://api.internal:8080/api";
    private static final CallApiTool TOOL = new CallApiTool(OpenApiTools.builder()
            .document("classpath:tasks-api/openapi.yaml")
            .baseUrl(BASE)
            .build());

    @Provide
    Arbitrary<String> paths() {
        Arbitrary<String> pieces = Arbitraries.of(
                "/",
                "//",
                ".",
                "..",
                "%2e",
                "%2f",
                "%",
                "\\",
                "?",
                "#",
                "@",
                ":",
                "tasks",
                "1",
                "evil.example",
                "http:",
                "https://",
                "\r\n",
                "\u0000",
                " ",
                "\u2028",
                "．",
                "ä",
                "\uD83D\uDE00",
                ";",
                "&",
                "=",
                "+",
                "~");
        return pieces.list().ofMinSize(1).ofMaxSize(12).map(l -> String.join("", l));
    }

    @Property(tries = 1000)
    void anAcceptedPathStaysUnderTheBaseUrl(@ForAll("paths") String path) {
        List<String> segments;
        try {
            segments = CallApiTool.pathSegments(path);
        } catch (QueryException refused) {
            return;
        }
        assertThat(segments).noneMatch(s -> s.isEmpty() || s.equals(".") || s.equals("..") || s.contains("/"));
        URI uri = TOOL.uri("/" + String.join("/", segments), Map.of("q", List.of(path)));
        assertThat(uri.getScheme()).isEqualTo("http");
        assertThat(uri.getHost()).isEqualTo("api.internal");
        assertThat(uri.getPort()).isEqualTo(8080);
        assertThat(uri.getRawUserInfo()).isNull();
        assertThat(uri.getRawFragment()).isNull();
        assertThat(uri.getRawPath()).startsWith("/api/");
        assertThat(uri.normalize()).isEqualTo(uri);
        assertThat(uri.getRawPath().split("/", -1)).hasSize(segments.isEmpty() ? 3 : segments.size() + 2);
    }
}
