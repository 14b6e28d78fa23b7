package io.quarry.openapi;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolContext;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The host's part of every API call: authentication and tenant context taken from the {@link
 * ToolContext}, never from the model. What it sets wins over anything the model sent under the same
 * name, and none of it is echoed to the model.
 *
 * <pre>{@code
 * RequestDecorator auth = (context, request) -> {
 *     request.header("Authorization", "Bearer " + tokens.forUser(context.user()));
 *     request.header("X-Tenant", context.scope().values().get("tenant"));
 * };
 * }</pre>
 */
@FunctionalInterface
public interface RequestDecorator {

    /** Adds the host's headers, query parameters and body fields for one call. */
    void decorate(ToolContext context, HostAdditions request);

    /** Adds nothing. */
    static RequestDecorator none() {
        return (context, request) -> {};
    }

    /** A bearer token for the call's context in the {@code Authorization} header. */
    static RequestDecorator bearer(Function<ToolContext, String> token) {
        requireNonNull(token, "token");
        return (context, request) -> request.header("Authorization", "Bearer " + token.apply(context));
    }

    /** Each scope value of the call's context as a header: scope key → header name. */
    static RequestDecorator scopeHeaders(Map<String, String> headerByScopeKey) {
        Map<String, String> copy = Map.copyOf(headerByScopeKey);
        return (context, request) -> copy.forEach((key, header) -> {
            String value = context.scope().values().get(key);
            if (value != null) {
                request.header(header, value);
            }
        });
    }

    /** This decorator, then another. */
    default RequestDecorator andThen(RequestDecorator next) {
        requireNonNull(next, "next");
        return (context, request) -> {
            decorate(context, request);
            next.decorate(context, request);
        };
    }

    /** What the host adds to one call; the last value set under a name wins. */
    final class HostAdditions {
        final Map<String, String> headers = new LinkedHashMap<>();
        final Map<String, String> query = new LinkedHashMap<>();
        final Map<String, JsonNode> bodyFields = new LinkedHashMap<>();

        HostAdditions() {}

        /**
         * Sets a header (names are case-insensitive).
         *
         * @throws IllegalArgumentException for a name or value with a line break or other control character
         */
        public HostAdditions header(String name, String value) {
            requireNonNull(value, "value");
            if (!Http.isToken(name) || !Http.isHeaderValue(value)) {
                throw new IllegalArgumentException("RequestDecorator: header '" + name
                        + "' has a character HTTP does not allow in a header name or value");
            }
            headers.put(name.toLowerCase(Locale.ROOT), value);
            return this;
        }

        /** Sets a query parameter. */
        public HostAdditions query(String name, String value) {
            query.put(requireNonNull(name, "name"), requireNonNull(value, "value"));
            return this;
        }

        /** Sets a top-level field of a JSON object body (calls without one are left as they are). */
        public HostAdditions bodyField(String name, JsonNode value) {
            bodyFields.put(requireNonNull(name, "name"), requireNonNull(value, "value"));
            return this;
        }
    }
}
