package io.quarry.openapi;

import static java.util.Objects.requireNonNull;

import io.quarry.tool.ToolContext;

/**
 * The host's last word on a call before it is sent: allow it, refuse it, ask for confirmation, or
 * rewrite it. It sees only calls the configuration already allows; a rewritten call is checked again
 * against the document (its path must still match a path template).
 *
 * <p>The default, {@link #confirmMutations()}, lets reads through and answers every call that changes
 * data {@code NEEDS_CONFIRMATION}: a host that can ask a person (a terminal, a chat UI) supplies its own.
 */
@FunctionalInterface
public interface ApiCallGuard {

    /** Decides on one call. */
    Decision check(ApiRequest request, ToolContext context);

    /** Reads go through; every call that can change data waits for a confirmation nobody can give. */
    static ApiCallGuard confirmMutations() {
        return (request, context) -> request.operation().mutates()
                ? Decision.needsConfirmation(request.method() + " " + request.path() + " changes data")
                : Decision.allow();
    }

    /** Every call the configuration enables goes through: for hosts that decide by configuration alone. */
    static ApiCallGuard allowAll() {
        return (request, context) -> Decision.allow();
    }

    /**
     * What the guard decided.
     *
     * @param kind the decision
     * @param reason why, shown to the model for a refusal or a confirmation (no secrets), else {@code null}
     * @param rewritten the call to send instead, for {@link Kind#REWRITE}
     */
    record Decision(Kind kind, String reason, ApiRequest rewritten) {
        /** Checks the arguments. */
        public Decision {
            requireNonNull(kind, "kind");
            if ((kind == Kind.REWRITE) != (rewritten != null)) {
                throw new IllegalArgumentException("a rewritten request goes with REWRITE and only with it");
            }
        }

        /** Send the call. */
        public static Decision allow() {
            return new Decision(Kind.ALLOW, null, null);
        }

        /** Do not send it; the model reads the reason. */
        public static Decision refuse(String reason) {
            return new Decision(Kind.REFUSE, requireNonNull(reason, "reason"), null);
        }

        /** Do not send it until a person confirms; the model reads what waits for confirmation. */
        public static Decision needsConfirmation(String reason) {
            return new Decision(Kind.NEEDS_CONFIRMATION, requireNonNull(reason, "reason"), null);
        }

        /** Send this call instead. */
        public static Decision rewrite(ApiRequest request) {
            return new Decision(Kind.REWRITE, null, requireNonNull(request, "request"));
        }
    }

    /** The kinds of decision. */
    enum Kind {
        /** Send the call. */
        ALLOW,
        /** Do not send it. */
        REFUSE,
        /** Do not send it until a person confirms. */
        NEEDS_CONFIRMATION,
        /** Send another call. */
        REWRITE
    }
}
