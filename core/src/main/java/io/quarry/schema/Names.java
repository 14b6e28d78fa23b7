package io.quarry.schema;

import java.util.regex.Pattern;

/** The naming rule shared by type names, field names and path segments. */
public final class Names {
    /** One name or path segment: a letter or underscore, then up to 63 letters, digits, {@code _} or {@code -}. */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]{0,63}");

    /**
     * A table, schema or column name of a host's database that Quarry quotes and serves: up to 64
     * letters, digits, spaces and {@code _ $ # & . ( ) / + -}, neither starting nor ending with a space
     * ({@code Order Details}, {@code zip code}). Never a quote, backslash, {@code ?}, {@code ;} or
     * control character. Type, field and relationship names follow {@link #IDENTIFIER}.
     */
    public static final Pattern SQL_NAME =
            Pattern.compile("[\\p{L}\\p{N}_$#]([\\p{L}\\p{N} _$#&.()/+-]{0,62}[\\p{L}\\p{N}_$#&.()/+-])?");

    /** The names every object has; a property named like one is reached as {@code properties.<name>}. */
    public static final java.util.List<String> SYSTEM_FIELDS =
            java.util.List.of("id", "type", "created_at", "updated_at");

    private Names() {}

    /** Whether {@code name} follows the naming rule. */
    public static boolean isIdentifier(String name) {
        return name != null && IDENTIFIER.matcher(name).matches();
    }

    /** Whether {@code name} is a table, schema or column name Quarry quotes ({@link #SQL_NAME}). */
    public static boolean isSqlName(String name) {
        return name != null && SQL_NAME.matcher(name).matches();
    }

    /** Whether {@code name} is one of the system fields. */
    public static boolean isSystemField(String name) {
        return SYSTEM_FIELDS.contains(name);
    }
}
