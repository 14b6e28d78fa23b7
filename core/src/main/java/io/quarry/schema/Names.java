package io.quarry.schema;

import java.util.regex.Pattern;

/** The naming rule shared by type names, field names and path segments. */
public final class Names {
    /** One name or path segment: a letter or underscore, then up to 63 letters, digits, {@code _} or {@code -}. */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]{0,63}");

    /** The names every object has; a property named like one is reached as {@code properties.<name>}. */
    public static final java.util.List<String> SYSTEM_FIELDS =
            java.util.List.of("id", "type", "created_at", "updated_at");

    private Names() {}

    /** Whether {@code name} follows the naming rule. */
    public static boolean isIdentifier(String name) {
        return name != null && IDENTIFIER.matcher(name).matches();
    }

    /** Whether {@code name} is one of the system fields. */
    public static boolean isSystemField(String name) {
        return SYSTEM_FIELDS.contains(name);
    }
}
