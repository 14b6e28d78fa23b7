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
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The API tools of {@code quarry-openapi} ({@code find_api}, {@code call_api}, {@code context_whoami})
 * when the host has that module and sets {@code quarry.openapi.document} and {@code
 * quarry.openapi.base-url}; they join the toolkit of {@link QuarryAutoConfiguration}. The host's
 * {@link RequestDecorator} bean adds auth and tenant to every call, its {@link ApiCallGuard} bean
 * decides on each (default: mutations need a confirmation nobody can give).
 */
@AutoConfiguration(before = QuarryAutoConfiguration.class)
@ConditionalOnClass(OpenApiTools.class)
@ConditionalOnProperty(prefix = "quarry.openapi", name = "document")
@EnableConfigurationProperties(QuarryOpenApiAutoConfiguration.Properties.class)
public class QuarryOpenApiAutoConfiguration {

    /** The tools over the document; a host's own {@link OpenApiTools} bean replaces it. */
    @Bean
    @ConditionalOnMissingBean
    public OpenApiTools quarryOpenApiTools(
            Properties properties, ObjectProvider<RequestDecorator> decorator, ObjectProvider<ApiCallGuard> guard) {
        if (properties.getBaseUrl() == null) {
            throw new IllegalStateException("quarry.openapi.base-url: required with quarry.openapi.document; the API"
                    + " every call_api goes to, such as https://tasks.example.com/api");
        }
        OpenApiTools.Builder b = OpenApiTools.builder()
                .document(properties.getDocument())
                .baseUrl(properties.getBaseUrl())
                .enable(properties.getEnable().toArray(String[]::new))
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

    /** The {@code quarry.openapi.*} properties. */
    @ConfigurationProperties(prefix = "quarry.openapi")
    public static class Properties {
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
