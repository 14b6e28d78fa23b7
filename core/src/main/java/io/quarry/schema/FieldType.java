package io.quarry.schema;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The declared type of a field, as named in configuration files and tool descriptions. */
public enum FieldType {
    /** A short string: a name, a code, a title. */
    STRING,
    /** Long free text; the fields full-text search reads. */
    TEXT,
    /** Any number, integral or not. */
    NUMBER,
    /** A whole number. */
    INTEGER,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** A calendar date, {@code YYYY-MM-DD}. */
    DATE,
    /** An ISO-8601 date-time; without an offset it is UTC. */
    DATETIME,
    /** One of a fixed list of string values. */
    ENUM,
    /** A JSON array; operators match any element. */
    ARRAY,
    /** A nested JSON object, reached with dotted paths. */
    OBJECT;

    /** The name used in configuration and in tool output, such as {@code datetime}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether values of this type are strings that text operators and full-text search read. */
    public boolean isTextual() {
        return this == STRING || this == TEXT || this == ENUM;
    }

    /** Whether values of this type compare as numbers. */
    public boolean isNumeric() {
        return this == NUMBER || this == INTEGER;
    }

    /** Whether values of this type compare as instants. */
    public boolean isTemporal() {
        return this == DATE || this == DATETIME;
    }

    /** The type named {@code name} in configuration ({@code "datetime"}), if there is one. */
    public static Optional<FieldType> fromJsonName(String name) {
        return Arrays.stream(values()).filter(t -> t.jsonName().equals(name)).findFirst();
    }

    /** All configuration names, comma separated, for error messages. */
    public static String jsonNames() {
        return Arrays.stream(values()).map(FieldType::jsonName).collect(Collectors.joining(", "));
    }
}
