package io.quarry.openapi;

import static java.util.Objects.requireNonNull;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolExtension;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API tools over the host's OpenAPI document: {@code find_api}, {@code call_api} and {@code
 * context_whoami}, added to a toolkit so that every adapter (LangChain4j, Spring AI, MCP) gets them.
 *
 * <pre>{@code
 * OpenApiTools api = OpenApiTools.builder()
 *         .document("classpath:openapi.yaml")           // or a file, or the host's /v3/api-docs URL
 *         .baseUrl("https://tasks.example.com/api")
 *         .decorator(RequestDecorator.bearer(ctx -> tokens.forUser(ctx.user())))
 *         .build();
 * Toolkit toolkit = Toolkit.builder().store(store).extensions(api.tools()).build();
 * }</pre>
 *
 * <p>{@code call_api} is safe by construction: only GET unless a method is enabled for an operation
 * or tag; the model gives only a path that matches one of the document's path templates, resolved
 * against the host's base URL; the host's headers win; the body is checked against its schema; the
 * {@link ApiCallGuard} has the last word. Immutable and thread-safe once built.
 */
public final class OpenApiTools {
    private static final Logger LOG = LoggerFactory.getLogger(OpenApiTools.class);

    /** The default extension listing the features an operation requires. */
    public static final String DEFAULT_FEATURES_EXTENSION = "x-required-features";

    /** The index and base URL once read; null while a deferred document is not read yet. */
    private volatile Source source;
    /** Reads a deferred document and base URL; null once read, or when they were given up front. */
    private Supplier<Source> deferred;

    final boolean includeDeprecated;
    final Set<String> enabled;
    final Set<String> allowed;
    final Set<String> denied;
    final Function<ToolContext, Set<String>> features;
    final ApiCallGuard guard;
    final RequestDecorator decorator;
    final Function<ToolContext, Map<String, ?>> claims;
    final Duration timeout;
    final int maxRequestBody;
    final HttpClient http;
    /** The model of find_api's hybrid ranking, or {@code null} for keywords only. */
    final io.quarry.search.Embedder embedder;

    private OpenApiTools(Builder b, Source source, Supplier<Source> deferred) {
        this.source = source;
        this.deferred = deferred;
        this.includeDeprecated = b.includeDeprecated;
        this.enabled = Set.copyOf(b.enabled);
        this.allowed = Set.copyOf(b.allowed);
        this.denied = Set.copyOf(b.denied);
        this.features = b.features;
        this.guard = b.guard;
        this.decorator = b.decorator;
        this.claims = b.claims;
        this.timeout = b.timeout;
        this.maxRequestBody = b.maxRequestBody;
        this.embedder = b.embedder;
        this.http = HttpClient.newBuilder()
                .connectTimeout(b.timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** A builder: a document and a base URL are required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The tools {@code find_api}, {@code call_api} and {@code context_whoami}, for {@code Toolkit.Builder.extensions}. */
    public List<ToolExtension> tools() {
        return List.of(new FindApiTool(this), new CallApiTool(this), new WhoamiTool(this));
    }

    /**
     * Every operation of the document, deprecated ones included, in document order. A deferred
     * document ({@link Builder#documentLater}) is read now if it was not yet.
     *
     * @throws QueryException {@code API_UNAVAILABLE} when a deferred document cannot be read
     */
    public List<ApiOperation> operations() {
        return source().index();
    }

    /** The index and the base URL, reading a deferred document once (one thread reads, the others wait). */
    Source source() {
        Source s = source;
        if (s != null) {
            return s;
        }
        synchronized (this) {
            if (source == null) {
                try {
                    source = deferred.get();
                    deferred = null;
                } catch (RuntimeException e) {
                    // not kept: the next call tries again (the host may not be serving its document yet)
                    LOG.warn("OpenAPI document not read: {}", e.getMessage());
                    throw QueryException.of(
                            ErrorCode.API_UNAVAILABLE,
                            "",
                            "The API's description cannot be read now, so its endpoints are unknown.",
                            "Try again in a few seconds; if it keeps failing, tell the user the API tools are"
                                    + " unavailable.");
                }
            }
            return source;
        }
    }

    /** The base URL every call goes under, without a trailing slash. */
    URI baseUrl() {
        return source().baseUrl();
    }

    /** What a document gives the tools: its operations and the base URL they are called under. */
    record Source(List<ApiOperation> index, URI baseUrl) {}

    /**
     * The operations a model may see in this context: not deprecated (unless included), not denied,
     * allowed when there is an allow list, and with every feature they require granted.
     */
    List<ApiOperation> visible(ToolContext context) {
        Set<String> granted = features == null ? null : features.apply(context);
        List<ApiOperation> out = new ArrayList<>();
        for (ApiOperation op : operations()) {
            if ((op.deprecated() && !includeDeprecated)
                    || matches(denied, op)
                    || (!allowed.isEmpty() && !matches(allowed, op))
                    || (granted != null && !granted.containsAll(op.features()))) {
                continue;
            }
            out.add(op);
        }
        return out;
    }

    /** Whether the model may call this operation without a person's confirmation being the only gate. */
    boolean enabled(ApiOperation op) {
        return !op.mutates() || matches(enabled, op);
    }

    private static boolean matches(Set<String> names, ApiOperation op) {
        if (names.contains(op.operationId()) || names.contains(op.method() + " " + op.path())) {
            return true;
        }
        for (String tag : op.tags()) {
            if (names.contains("tag:" + tag)) {
                return true;
            }
        }
        return false;
    }

    /** Builds {@link OpenApiTools}; {@link #build()} reads the document. */
    public static final class Builder {
        private String document;
        private String documentText;
        private Supplier<String> documentLater;
        private String baseUrl;
        private Supplier<String> baseUrlLater;
        private String featuresExtension = DEFAULT_FEATURES_EXTENSION;
        private boolean includeDeprecated;
        private final Set<String> enabled = new LinkedHashSet<>();
        private final Set<String> allowed = new LinkedHashSet<>();
        private final Set<String> denied = new LinkedHashSet<>();
        private Function<ToolContext, Set<String>> features;
        private ApiCallGuard guard = ApiCallGuard.confirmMutations();
        private RequestDecorator decorator = RequestDecorator.none();
        private Function<ToolContext, Map<String, ?>> claims = context -> Map.of();
        private Duration timeout = Duration.ofSeconds(10);
        private int maxRequestBody = 16_000;
        private io.quarry.search.Embedder embedder;

        private Builder() {}

        /**
         * The embedding model (the same as the toolkit's, such as quarry-embeddings' {@code MiniLmEmbedder}):
         * {@code find_api} then fuses its keyword ranking with the operations nearest the question by
         * meaning (reciprocal-rank fusion). Without it, or when the model fails (a {@code MODEL_UNAVAILABLE}
         * warning), the keyword ranking alone. The operations' texts are embedded once, on the first
         * question. See docs/openapi.md.
         */
        public Builder embedder(io.quarry.search.Embedder embedder) {
            this.embedder = requireNonNull(embedder, "embedder");
            return this;
        }

        /** Where the document is: {@code classpath:name}, an {@code http(s)} URL, or a file path (JSON or YAML). */
        public Builder document(String location) {
            this.document = requireNonNull(location, "location");
            return this;
        }

        /** The document's text (JSON or YAML), instead of a location. */
        public Builder documentText(String text) {
            this.documentText = requireNonNull(text, "text");
            return this;
        }

        /**
         * Where the document is, known only later: the location is asked for and the document read on
         * the first call of {@code find_api} or {@code call_api} (once; one thread reads, the others
         * wait), not by {@link #build()}. For a host that serves its own document, such as Spring Boot's
         * springdoc {@code /v3/api-docs}, which is up only after the tools are built. An {@code http(s)}
         * location is fetched as one file within the {@link #timeout}. Until it is read, the tools
         * answer {@code API_UNAVAILABLE} (retryable) and the next call tries again.
         */
        public Builder documentLater(Supplier<String> location) {
            this.documentLater = requireNonNull(location, "location");
            return this;
        }

        /** The base URL, known only later (such as the port of the host's own web server); asked for with a {@link #documentLater} document. */
        public Builder baseUrlLater(Supplier<String> baseUrl) {
            this.baseUrlLater = requireNonNull(baseUrl, "baseUrl");
            return this;
        }

        /**
         * The host's API, such as {@code https://tasks.example.com/api}: every call goes to a path under
         * it. The document's {@code servers} are not used, so a document cannot send calls elsewhere.
         */
        public Builder baseUrl(String baseUrl) {
            this.baseUrl = requireNonNull(baseUrl, "baseUrl");
            return this;
        }

        /** The {@code x-} extension that lists the features an operation requires; default {@code x-required-features}. */
        public Builder featuresExtension(String extension) {
            this.featuresExtension = requireNonNull(extension, "extension");
            return this;
        }

        /**
         * The features granted in a context: an operation that requires a feature not granted is
         * neither found nor called. Without it, features are not checked.
         */
        public Builder features(Function<ToolContext, Set<String>> granted) {
            this.features = requireNonNull(granted, "granted");
            return this;
        }

        /** Whether deprecated operations are found and called (marked {@code deprecated}); default no. */
        public Builder includeDeprecated(boolean include) {
            this.includeDeprecated = include;
            return this;
        }

        /**
         * Enables calls that change data (every method but GET) for these operations: operationIds,
         * {@code "METHOD /path"} templates, or {@code tag:name} for every operation of a tag. The
         * {@link #guard} still decides on each call.
         */
        public Builder enable(String... operationsOrTags) {
            enabled.addAll(List.of(operationsOrTags));
            return this;
        }

        /** When set, only these operations (operationIds, {@code METHOD /path} or {@code tag:name}) are found and called. */
        public Builder allow(String... operationsOrTags) {
            allowed.addAll(List.of(operationsOrTags));
            return this;
        }

        /** These operations (operationIds, {@code METHOD /path} or {@code tag:name}) are never found nor called. */
        public Builder deny(String... operationsOrTags) {
            denied.addAll(List.of(operationsOrTags));
            return this;
        }

        /** The host's last word on each call; default {@link ApiCallGuard#confirmMutations()}. */
        public Builder guard(ApiCallGuard guard) {
            this.guard = requireNonNull(guard, "guard");
            return this;
        }

        /** Adds the host's authentication and tenant context to every call; default nothing. */
        public Builder decorator(RequestDecorator decorator) {
            this.decorator = requireNonNull(decorator, "decorator");
            return this;
        }

        /** The claims {@code context_whoami} shows for a context (nothing secret); default none. */
        public Builder claims(Function<ToolContext, Map<String, ?>> claims) {
            this.claims = requireNonNull(claims, "claims");
            return this;
        }

        /** How long a call may take, connecting included; default 10 s. */
        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout");
            return this;
        }

        /** The most characters of JSON a request body may have; default 16,000. */
        public Builder maxRequestBody(int characters) {
            this.maxRequestBody = characters;
            return this;
        }

        /**
         * Reads the document and builds the tools.
         *
         * @throws IllegalStateException naming what is missing or wrong
         * @throws IllegalArgumentException when the document cannot be read
         */
        public OpenApiTools build() {
            int documents =
                    (document == null ? 0 : 1) + (documentText == null ? 0 : 1) + (documentLater == null ? 0 : 1);
            if (documents != 1) {
                throw new IllegalStateException("OpenApiTools.builder(): give the document once, by document(location),"
                        + " documentText(text) or documentLater(location)");
            }
            if ((baseUrl == null) == (baseUrlLater == null)) {
                throw new IllegalStateException("OpenApiTools.builder(): baseUrl is required (once), such as "
                        + "\"https://tasks.example.com/api\"; every call goes to a path under it");
            }
            if (baseUrlLater != null && documentLater == null) {
                throw new IllegalStateException("OpenApiTools.builder(): baseUrlLater goes with documentLater");
            }
            URI base = baseUrl == null ? null : base(baseUrl);
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalStateException("OpenApiTools.builder(): timeout must be positive");
            }
            if (maxRequestBody < 2) {
                throw new IllegalStateException("OpenApiTools.builder(): maxRequestBody must be at least 2 characters");
            }
            if (!featuresExtension.startsWith("x-")) {
                throw new IllegalStateException(
                        "OpenApiTools.builder(): featuresExtension must start with \"x-\", was " + featuresExtension);
            }
            String extension = featuresExtension;
            if (documentLater != null) {
                Supplier<String> location = documentLater;
                Supplier<String> laterBase = baseUrlLater;
                Duration wait = timeout;
                return new OpenApiTools(this, null, () -> {
                    URI at = base != null ? base : base(requireNonNull(laterBase.get(), "base URL"));
                    return new Source(
                            read(requireNonNull(location.get(), "document location"), extension, wait)
                                    .operations(),
                            at);
                });
            }
            ApiIndex index = document != null
                    ? ApiIndex.load(document, featuresExtension)
                    : ApiIndex.parse(documentText, featuresExtension);
            return new OpenApiTools(this, new Source(index.operations(), base), null);
        }

        /** A deferred document: an http(s) location fetched within the timeout, anything else as {@link ApiIndex#load}. */
        private static ApiIndex read(String location, String featuresExtension, Duration timeout) {
            String lower = location.toLowerCase(Locale.ROOT);
            if (!(lower.startsWith("http://") || lower.startsWith("https://"))) {
                return ApiIndex.load(location, featuresExtension);
            }
            HttpClient client = HttpClient.newBuilder()
                    .connectTimeout(timeout)
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .build();
            try {
                HttpResponse<String> response = client.send(
                        HttpRequest.newBuilder(URI.create(location))
                                .timeout(timeout)
                                .header("Accept", "application/json, application/yaml")
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
                if (response.statusCode() / 100 != 2) {
                    throw new IllegalArgumentException(
                            "OpenAPI document " + location + ": HTTP status " + response.statusCode());
                }
                return ApiIndex.parse(response.body(), featuresExtension);
            } catch (IOException e) {
                throw new IllegalArgumentException("OpenAPI document " + location + ": " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalArgumentException("OpenAPI document " + location + ": interrupted", e);
            }
        }

        private static URI base(String baseUrl) {
            URI base;
            try {
                base = new URI(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException("OpenApiTools.builder(): baseUrl is not a URL: " + e.getMessage(), e);
            }
            String scheme = base.getScheme() == null ? "" : base.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https"))
                    || base.getHost() == null
                    || base.getRawQuery() != null
                    || base.getRawFragment() != null
                    || base.getRawUserInfo() != null) {
                throw new IllegalStateException(
                        "OpenApiTools.builder(): baseUrl must be an http or https URL with a host"
                                + " and no user, query or fragment, such as \"https://tasks.example.com/api\"; was "
                                + baseUrl);
            }
            return base;
        }
    }
}
