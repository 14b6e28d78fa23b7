package io.quarry.springai;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Spring Boot's report for an application whose Quarry configuration or database cannot serve the
 * tools: the one-line message the command line prints, split into Boot's description (what is wrong)
 * and action (what to do, after the first {@code "; "}), instead of a deep stack trace. Registered in
 * {@code META-INF/spring.factories}.
 */
public final class QuarryFailureAnalyzer extends AbstractFailureAnalyzer<QuarryStartupException> {
    /** Made by Spring Boot from {@code spring.factories}. */
    public QuarryFailureAnalyzer() {}

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, QuarryStartupException cause) {
        String message = cause.getMessage();
        int split = message.indexOf("; ");
        String description = split < 0 ? message : message.substring(0, split);
        String action = split < 0
                ? "Fix what the description names (a quarry.* property, or the file quarry.config points to) and"
                        + " start the application again."
                : Character.toUpperCase(message.charAt(split + 2))
                        + message.substring(split + 3)
                        + (message.endsWith(".") ? "" : ".");
        return new FailureAnalysis("Quarry could not build its tools: " + description, action, cause);
    }
}
