package io.quarry.sql;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets the tries of a generated-input property from the system property {@code quarry.fuzz.tries}
 * when it is given (the {@code -Pfuzz} profile sets 1,000,000); otherwise the property's own tries,
 * CI's volume, stand. The seed is every property's ({@link io.quarry.testing.Seeds}): the profile
 * explores with a random one, printed with the command that repeats a failure ({@code -Dquarry.seed=...}).
 */
final class FuzzTries implements AroundPropertyHook {
    /** The system property with the number of tries. */
    static final String TRIES = "quarry.fuzz.tries";

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        String tries = System.getProperty(TRIES, "").trim();
        if (!tries.isEmpty()) {
            context.attributes().setTries(Integer.parseInt(tries));
        }
        return property.execute();
    }
}
