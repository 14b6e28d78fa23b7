package io.quarry.sql.dialect;

import io.quarry.sql.SortPart;
import io.quarry.sql.functions.QuarryFunctions;
import java.util.Locale;

/**
 * The Java functions that compiled SQL calls on the in-process databases (H2, SQLite: the JVM runs them), named once: the SQL name
 * ({@code QUARRY_} and the constant's name), the {@link QuarryFunctions} method H2 binds it to
 * ({@code CREATE ALIAS}), and whether H2 registers it. SQLite registers its own set ({@link
 * SqliteFunctions}) under the same names.
 */
enum InProcessFunction {
    ANY("anyElement"),
    ANY_PROPERTY("anyProperty"),
    TEXT("text"),
    /** SQLite only: a test on a JSON value's exact text. */
    VALUE(null),
    EXISTS("exists"),
    ARRAY_SIZE("arraySize"),
    SORT_BRACKET("sortBracket"),
    SORT_NUMBER("sortNumber"),
    SORT_INSTANT("sortInstant"),
    SORT_STRING("sortString"),
    SORT_BOOLEAN("sortBoolean"),
    TEXT_KEY("textKey"),
    /** H2 only: a field's value as text, for run_readonly_sql's relations. */
    FIELD_TEXT("fieldText"),
    /** H2 only: a field's value when it is a JSON number, for run_readonly_sql's relations. */
    FIELD_NUMBER("fieldNumber");

    private final String h2Method;

    InProcessFunction(String h2Method) {
        this.h2Method = h2Method;
    }

    /** The name SQL calls the function by, such as {@code QUARRY_ANY}. */
    String sqlName() {
        return "QUARRY_" + name().toUpperCase(Locale.ROOT);
    }

    /** The {@code CREATE ALIAS} that registers the function on H2, or {@code null} when H2 has none. */
    String h2Alias() {
        return h2Method == null
                ? null
                : "CREATE ALIAS IF NOT EXISTS " + sqlName() + " FOR '" + QuarryFunctions.class.getName() + "."
                        + h2Method + "'";
    }

    /** The sort-key function of a part. */
    static InProcessFunction sortKey(SortPart part) {
        return switch (part) {
            case BRACKET -> SORT_BRACKET;
            case NUMBER -> SORT_NUMBER;
            case INSTANT -> SORT_INSTANT;
            case STRING -> SORT_STRING;
            case BOOLEAN -> SORT_BOOLEAN;
        };
    }
}
