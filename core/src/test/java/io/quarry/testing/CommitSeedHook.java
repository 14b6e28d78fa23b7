package io.quarry.testing;

import java.util.concurrent.atomic.AtomicBoolean;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Gives every jqwik property the run's {@link Seeds#seed() seed} (unless it names its own with
 * {@code @Property(seed = ...)}), so the same commit generates the same samples on every machine;
 * registered for all properties through {@code META-INF/services/net.jqwik.api.lifecycle.LifecycleHook}.
 * jqwik still shrinks a failure and prints its report; this adds the command that repeats it, in the
 * report and as a suppressed exception of the failure (so it is in the build's summary too).
 */
public final class CommitSeedHook implements AroundPropertyHook {
    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();

    /** For the service loader. */
    public CommitSeedHook() {}

    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property)
            throws Throwable {
        if (context.attributes().seed().isEmpty()) {
            context.attributes().setSeed(Long.toString(Seeds.seed()));
        }
        if (ANNOUNCED.compareAndSet(false, true)) {
            System.out.println("[quarry.seed] jqwik properties use seed " + Seeds.seed() + " (" + Seeds.origin()
                    + "); -D" + Seeds.PROPERTY + "=N repeats a seed, -D" + Seeds.PROPERTY + "=random explores");
        }
        PropertyExecutionResult result = property.execute();
        if (result.status() == PropertyExecutionResult.Status.FAILED) {
            String seed = result.seed().orElse(context.attributes().seed().orElse(""));
            String message = "seed " + seed + " (" + Seeds.origin() + "); repeat with: "
                    + Seeds.command(
                            context.containerClass(), context.targetMethod().getName(), seed);
            context.reporter().publishValue("quarry.seed", message);
            result.throwable().ifPresent(t -> t.addSuppressed(new Repeat(message)));
        }
        return result;
    }

    /** Carries the command that repeats a failure; no stack trace of its own. */
    static final class Repeat extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Repeat(String message) {
            super(message, null, false, false);
        }
    }
}
