package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import io.quarry.store.Scope;
import java.time.Instant;
import java.util.List;

/**
 * What an agent could not do, as it reported with {@code report_missing_capability}: the user's
 * request, what it tried, what it lacked; with the call's scope, user and time from the host's
 * {@link ToolContext}, never from the model.
 *
 * @param userRequest what the user asked, in the agent's words
 * @param tried the tools or calls the agent tried, possibly empty
 * @param missing what the agent lacked: a field, a filter, an aggregation, a tool
 * @param scope the scope of the call
 * @param user the user of the call; may be {@code null}
 * @param at when it was reported, by the context's clock
 */
public record CapabilityReport(
        String userRequest, List<String> tried, String missing, Scope scope, String user, Instant at) {

    /** Checks the arguments and copies the list. */
    public CapabilityReport {
        requireNonNull(userRequest, "userRequest");
        tried = List.copyOf(requireNonNull(tried, "tried"));
        requireNonNull(missing, "missing");
        requireNonNull(scope, "scope");
        requireNonNull(at, "at");
    }
}
