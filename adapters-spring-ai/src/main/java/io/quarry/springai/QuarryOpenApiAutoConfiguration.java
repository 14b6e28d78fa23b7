package io.quarry.springai;

import io.quarry.openapi.ApiCallGuard;
import io.quarry.openapi.OpenApiTools;
import io.quarry.openapi.RequestDecorator;
import io.quarry.tool.ToolExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * The API tools of {@code quarry-openapi} ({@code find_api}, {@code call_api}, {@code context_whoami})
 * when the host has that module and sets {@code quarry.openapi.document} and {@code
 * quarry.openapi.base-url}, or sets {@code quarry.openapi.enabled=true} with springdoc serving the
 * application's own document; they join the toolkit of {@link QuarryAutoConfiguration}. The host's
 * {@link RequestDecorator} bean adds auth and tenant to every call, its {@link ApiCallGuard} bean
 * decides on each (default: mutations need a confirmation nobody can give).
 *
 * <p>springdoc's document is read over HTTP from the application's own web server on the first
 * {@code find_api} or {@code call_api} call (the server is not up while the toolkit is built), and
 * the calls go to that server unless {@code quarry.openapi.base-url} says otherwise.
 */
@AutoConfiguration(before = QuarryAutoConfiguration.class)
@ConditionalOnClass(OpenApiTools.class)
@Conditional(QuarryOpenApiAutoConfiguration.ApiToolsRequested.class)
@EnableConfigurationProperties(QuarryOpenApiAutoConfiguration.Properties.class)
public class QuarryOpenApiAutoConfiguration {

    /** The tools over the document; a host's own {@link OpenApiTools} bean replaces it. */
    @Bean
    @ConditionalOnMissingBean
    public OpenApiTools quarryOpenApiTools(
            Properties properties,
            Environment environment,
            ResourceLoader resources,
            ObjectProvider<RequestDecorator> decorator,
            ObjectProvider<ApiCallGuard> guard) {
        OpenApiTools.Builder b = OpenApiTools.builder();
        if (properties.getDocument() != null) {
            if (properties.getBaseUrl() == null) {
                throw new IllegalStateException("quarry.openapi.base-url: required with quarry.openapi.document; the"
                        + " API every call_api goes to, such as https://tasks.example.com/api");
            }
            b.document(properties.getDocument()).baseUrl(properties.getBaseUrl());
        } else {
            OwnServer own = OwnServer.springdoc(environment, resources.getClassLoader());
            b.documentLater(own::documentUrl);
            if (properties.getBaseUrl() != null) {
                b.baseUrl(properties.getBaseUrl());
            } else {
                b.baseUrlLater(own::baseUrl);
            }
        }
        b.enable(properties.getEnable().toArray(String[]::new))
                .allow(properties.getAllow().toArray(String[]::new))
                .deny(properties.getDeny().toArray(String[]::new))
                .includeDeprecated(properties.isIncludeDeprecated())
                .timeout(properties.getTimeout());
        decorator.ifAvailable(b::decorator);
        guard.ifAvailable(b::guard);
        return b.build();
    }

    /** {@code find_api}. */
    @Bean
    public ToolExtension quarryFindApi(OpenApiTools api) {
        return tool(api, "find_api");
    }

    /** {@code call_api}. */
    @Bean
    public ToolExtension quarryCallApi(OpenApiTools api) {
        return tool(api, "call_api");
    }

    /** {@code context_whoami}. */
    @Bean
    public ToolExtension quarryContextWhoami(OpenApiTools api) {
        return tool(api, "context_whoami");
    }

    private static ToolExtension tool(OpenApiTools api, String name) {
        return api.tools().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /**
     * The API tools are asked for: {@code quarry.openapi.document} set (unless {@code
     * quarry.openapi.enabled=false}), or {@code quarry.openapi.enabled=true} for springdoc's document.
     */
    static final class ApiToolsRequested implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            Environment env = context.getEnvironment();
            String enabled = env.getProperty("quarry.openapi.enabled");
            if (enabled != null) {
                return Boolean.parseBoolean(enabled.strip());
            }
            return env.containsProperty("quarry.openapi.document");
        }
    }

    /**
     * The application's own web server and springdoc's document on it, read from the environment
     * when first asked (after the server is up): {@code local.server.port}, the context path and
     * {@code springdoc.api-docs.path}.
     */
    static final class OwnServer {
        /** A class of springdoc's common module, present with every springdoc starter (webmvc and webflux). */
        static final String SPRINGDOC = "org.springdoc.core.properties.SpringDocConfigProperties";

        private final Environment environment;

        private OwnServer(Environment environment) {
            this.environment = environment;
        }

        /** The application's server, when springdoc is there to describe it; otherwise says what to set. */
        static OwnServer springdoc(Environment environment, ClassLoader classes) {
            if (!ClassUtils.isPresent(SPRINGDOC, classes)) {
                throw new IllegalStateException("quarry.openapi.enabled=true: set quarry.openapi.document (and"
                        + " quarry.openapi.base-url), or add springdoc (springdoc-openapi-starter-webmvc-api) so that"
                        + " the application's own OpenAPI document is used");
            }
            if (!environment.getProperty("springdoc.api-docs.enabled", Boolean.class, true)) {
                throw new IllegalStateException("quarry.openapi.enabled=true: springdoc.api-docs.enabled is false, so"
                        + " the application serves no OpenAPI document; enable it or set quarry.openapi.document");
            }
            return new OwnServer(environment);
        }

        /** {@code http://127.0.0.1:PORT/CONTEXT}; fails until the web server is up. */
        String baseUrl() {
            String port = environment.getProperty("local.server.port");
            if (port == null || port.isBlank() || port.strip().equals("-1")) {
                throw new IllegalStateException("the application's web server is not up (no local.server.port)");
            }
            String address = environment.getProperty("server.address", "").strip();
            String host = address.isEmpty() || address.equals("0.0.0.0") || address.equals("::")
                    ? "127.0.0.1"
                    : address.contains(":") ? "[" + address + "]" : address;
            String scheme = environment.getProperty("server.ssl.enabled", Boolean.class, false) ? "https" : "http";
            String context = environment.getProperty(
                    "server.servlet.context-path", environment.getProperty("spring.webflux.base-path", ""));
            return scheme + "://" + host + ":" + port.strip() + path(context);
        }

        /** springdoc's document on the application's server ({@code springdoc.api-docs.path}, default {@code /v3/api-docs}). */
        String documentUrl() {
            return baseUrl() + path(environment.getProperty("springdoc.api-docs.path", "/v3/api-docs"));
        }

        private static String path(String path) {
            String p = path == null ? "" : path.strip();
            if (p.isEmpty() || p.equals("/")) {
                return "";
            }
            p = p.startsWith("/") ? p : "/" + p;
            return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        }
    }

    /** The {@code quarry.openapi.*} properties. */
    @ConfigurationProperties(prefix = "quarry.openapi")
    public static class Properties {
        /**
         * Whether the API tools are added (default: when a document is set). True without a document:
         * springdoc's document of the application itself, read on first use.
         */
        private Boolean enabled;

        /** The OpenAPI document: classpath:name, a file path or an http(s) URL. */
        private String document;

        /** The API every call goes to, such as https://tasks.example.com/api. */
        private String baseUrl;

        /** Operations (operationId, "METHOD /path" or tag:name) whose calls may change data. */
        private List<String> enable = new ArrayList<>();

        /** When set, only these operations are found and called. */
        private List<String> allow = new ArrayList<>();

        /** Operations never found nor called. */
        private List<String> deny = new ArrayList<>();

        /** Whether deprecated operations are found and called. */
        private boolean includeDeprecated;

        /** How long one call may take. */
        private Duration timeout = Duration.ofSeconds(10);

        public Boolean getEnabled() {
            return enabled;
        }

        public void setEnabled(Boolean enabled) {
            this.enabled = enabled;
        }

        public String getDocument() {
            return document;
        }

        public void setDocument(String document) {
            this.document = document;
        }

        public String getBaseUrl() {
            return baseUrl;
        }

        public void setBaseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
        }

        public List<String> getEnable() {
            return enable;
        }

        public void setEnable(List<String> enable) {
            this.enable = enable;
        }

        public List<String> getAllow() {
            return allow;
        }

        public void setAllow(List<String> allow) {
            this.allow = allow;
        }

        public List<String> getDeny() {
            return deny;
        }

        public void setDeny(List<String> deny) {
            this.deny = deny;
        }

        public boolean isIncludeDeprecated() {
            return includeDeprecated;
        }

        public void setIncludeDeprecated(boolean includeDeprecated) {
            this.includeDeprecated = includeDeprecated;
        }

        public Duration getTimeout() {
            return timeout;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }
}
