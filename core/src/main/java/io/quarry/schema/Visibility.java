package io.quarry.schema;

import java.util.Locale;

/**
 * How a caller sees a field or a type: {@link #HIDDEN} not at all, {@link #MASKED} usable but its values
 * shown as masks, {@link #EXPOSED} as it is. The constants are in order of openness: of a caller's roles
 * the most open wins ({@link Roles}).
 */
public enum Visibility {
    /** Not shown, not usable: as if the schema did not declare it. */
    HIDDEN,
    /** Usable in filters, sorts, groups and counts; its values shown as their masks. */
    MASKED,
    /** Shown as it is. */
    EXPOSED;

    /** The name in the configuration: {@code hidden}, {@code masked} or {@code exposed}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** How a field declared this way is seen by a caller none of whose roles names it. */
    public static Visibility of(Field field) {
        return !field.exposed() ? HIDDEN : field.masked() ? MASKED : EXPOSED;
    }
}
