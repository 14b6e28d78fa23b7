package io.quarry.tool;

import static java.util.Objects.requireNonNull;

import io.quarry.store.Scope;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;

/**
 * What the host knows about a call and the model never sees: the scope every read is confined to,
 * the user and their roles, the clock for relative dates, and optionally stricter limits than the
 * toolkit's.
 *
 * @param scope the scope every read is confined to
 * @param user who the agent acts for, or {@code null}
 * @param clock the clock relative dates are computed from
 * @param limits stricter limits for this call, or {@code null} for the toolkit's
 * @param roles the caller's roles, which decide the fields and types it sees ({@link
 *     io.quarry.schema.Roles}); empty: none
 */
public record ToolContext(Scope scope, String user, Clock clock, Limits limits, Set<String> roles) {

    /** Checks the arguments. */
    public ToolContext {
        requireNonNull(scope, "scope");
        requireNonNull(clock, "clock");
        roles = Set.copyOf(requireNonNull(roles, "roles"));
    }

    /** A context without roles. */
    public ToolContext(Scope scope, String user, Clock clock, Limits limits) {
        this(scope, user, clock, limits, Set.of());
    }

    /** An unrestricted context with the system clock: for tools over data that has no tenants. */
    public static ToolContext unrestricted() {
        return builder().build();
    }

    /** A builder; defaults: unrestricted scope, no user, the UTC system clock, the toolkit's limits. */
    public static Builder builder() {
        return new Builder();
    }

    /** The user, if the host named one. */
    public Optional<String> userName() {
        return Optional.ofNullable(user);
    }

    /** Builds a {@link ToolContext}. */
    public static final class Builder {
        private Scope scope = Scope.unrestricted();
        private String user;
        private Clock clock = Clock.systemUTC();
        private Limits limits;
        private Set<String> roles = Set.of();

        private Builder() {}

        /** The caller's roles, such as its token's or its authentication's; default none. */
        public Builder roles(java.util.Collection<String> roles) {
            this.roles = Set.copyOf(requireNonNull(roles, "roles"));
            return this;
        }

        /** The scope. */
        public Builder scope(Scope scope) {
            this.scope = requireNonNull(scope, "scope");
            return this;
        }

        /** The user. */
        public Builder user(String user) {
            this.user = user;
            return this;
        }

        /** The clock. */
        public Builder clock(Clock clock) {
            this.clock = requireNonNull(clock, "clock");
            return this;
        }

        /** Stricter limits for calls in this context. */
        public Builder limits(Limits limits) {
            this.limits = limits;
            return this;
        }

        /** Builds the context. */
        public ToolContext build() {
            return new ToolContext(scope, user, clock, limits, roles);
        }
    }
}
