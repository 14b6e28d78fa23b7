package io.quarry.sql;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets the tries of a generated-input property from the system property {@code quarry.fuzz.tries}
 * when it is given (the {@code -Pfuzz} profile sets 1,000,000); otherwise the property's own tries,
 * CI's volume, stand. jqwik prints the seed of a failing run in its report ({@code seed = ...});
 * {@code -Dquarry.fuzz.seed=...} runs that seed again.
 */
final class FuzzTries implements AroundPropertyHook {
    /** The system property with the number of tries. */
    static final String TRIES = "quarry.fuzz.tries";

    /** The system property with a seed to repeat a failing run. */
    static final String SEED = "quarry.fuzz.seed";

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        String tries = System.getProperty(TRIES, "").trim();
        if (!tries.isEmpty()) {
            context.attributes().setTries(Integer.parseInt(tries));
        }
        String seed = System.getProperty(SEED, "").trim();
        if (!seed.isEmpty()) {
            context.attributes().setSeed(seed);
        }
        return property.execute();
    }
}
