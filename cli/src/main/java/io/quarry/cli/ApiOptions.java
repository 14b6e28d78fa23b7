package io.quarry.cli;

import io.quarry.openapi.ApiCallGuard;
import io.quarry.openapi.OpenApiTools;
import java.io.Console;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The host's API beside the data: find_api, call_api and context_whoami over an OpenAPI document. */
final class ApiOptions {
    @Option(
            names = "--openapi",
            paramLabel = "FILE|URL",
            description = "An OpenAPI 3.0/3.1 document (JSON or YAML, a file or an http(s) URL such as the host's "
                    + "/v3/api-docs): adds the tools find_api, call_api and context_whoami. Needs --api-base-url.")
    String openapi;

    @Option(
            names = "--api-base-url",
            paramLabel = "URL",
            description = "The API every call_api goes to, e.g. https://tasks.example.com/api.")
    String baseUrl;

    @Option(
            names = "--api-enable",
            paramLabel = "OPERATION|tag:TAG",
            description = "Enable calls that change data (POST, PUT, PATCH, DELETE) for this operationId or tag "
                    + "(repeatable); each is still confirmed on the terminal (quarry call) or refused as needing "
                    + "confirmation (quarry mcp). Default: reads only.")
    List<String> enable = new ArrayList<>();

    @Option(
            names = "--api-header",
            paramLabel = "NAME=VALUE",
            description = "A header sent with every call_api (repeatable), e.g. 'Authorization=Bearer $TOKEN'; "
                    + "the model cannot override it and it is never shown to it.")
    Map<String, String> headers = new LinkedHashMap<>();

    /** The API tools, when --openapi is given; {@code command} decides how mutations are confirmed. */
    Optional<OpenApiTools> tools(String command) {
        if (openapi == null) {
            if (baseUrl != null) {
                throw new IllegalArgumentException("--api-base-url needs --openapi FILE|URL");
            }
            return Optional.empty();
        }
        if (baseUrl == null) {
            throw new IllegalArgumentException("--openapi needs --api-base-url URL: the API every call goes to");
        }
        Map<String, String> fixed = Map.copyOf(headers);
        OpenApiTools.Builder b = OpenApiTools.builder()
                .document(openapi)
                .baseUrl(baseUrl)
                .enable(enable.toArray(String[]::new))
                .decorator((context, request) -> fixed.forEach(request::header));
        Console console = System.console();
        if (command.equals("call") && console != null) {
            b.guard(terminal(console));
        }
        try {
            return Optional.of(b.build());
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(e.getMessage().replace("OpenApiTools.builder(): ", ""), e);
        }
    }

    /** Asks on the terminal before a call that changes data. */
    private static ApiCallGuard terminal(Console console) {
        return (request, context) -> {
            if (!request.operation().mutates()) {
                return ApiCallGuard.Decision.allow();
            }
            String answer = console.readLine(
                    "quarry: %s %s (%s) changes data. Send it? [y/N] ",
                    request.method(), request.path(), request.operation().operationId());
            return answer != null && answer.strip().toLowerCase(Locale.ROOT).startsWith("y")
                    ? ApiCallGuard.Decision.allow()
                    : ApiCallGuard.Decision.refuse("the user said no");
        };
    }
}
