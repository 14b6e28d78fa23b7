package io.quarry.sql.introspect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The default names: singular PascalCase types from table names, snake_case fields from column names. */
final class Naming {
    private static final Set<String> UNCHANGED = Set.of("data", "media", "news", "series", "species", "status");

    private Naming() {}

    /** {@code invoice_lines}, {@code InvoiceLines}, {@code INVOICE_LINES} → {@code InvoiceLine}. */
    static String singularPascalCase(String table) {
        List<String> words = words(table);
        if (words.isEmpty()) {
            return table;
        }
        words.set(words.size() - 1, singular(words.get(words.size() - 1)));
        StringBuilder out = new StringBuilder();
        for (String w : words) {
            out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return out.toString();
    }

    /** {@code InvoiceDate}, {@code invoice_date}, {@code INVOICE_DATE} → {@code invoice_date}. */
    static String snakeCase(String column) {
        return String.join("_", words(column));
    }

    /** Lower-case words: split at non-alphanumerics and at lower-to-upper case changes ({@code HTMLBody} → html, body). */
    static List<String> words(String name) {
        List<String> out = new ArrayList<>();
        for (String part : name.split("[^A-Za-z0-9]+")) {
            boolean mixed = !part.equals(part.toUpperCase(Locale.ROOT)) && !part.equals(part.toLowerCase(Locale.ROOT));
            String[] pieces =
                    mixed ? part.split("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])") : new String[] {part};
            for (String p : pieces) {
                if (!p.isEmpty()) {
                    out.add(p.toLowerCase(Locale.ROOT));
                }
            }
        }
        return out;
    }

    /** The snake_case plural of a type name: {@code InvoiceLine} → {@code invoice_lines}, {@code Category} → categories. */
    static String pluralSnakeCase(String type) {
        List<String> words = words(type);
        if (words.isEmpty()) {
            return type;
        }
        words.set(words.size() - 1, plural(words.get(words.size() - 1)));
        return String.join("_", words);
    }

    /** A simple English plural: {@code category} → categories, {@code box} → boxes, {@code track} → tracks. */
    static String plural(String word) {
        if (UNCHANGED.contains(word) || word.length() < 2) {
            return word;
        }
        if (word.equals("person")) {
            return "people";
        }
        char beforeLast = word.charAt(word.length() - 2);
        if (word.endsWith("y") && "aeiou".indexOf(beforeLast) < 0) {
            return word.substring(0, word.length() - 1) + "ies";
        }
        if (word.endsWith("s") || word.endsWith("x") || word.endsWith("ch") || word.endsWith("sh")) {
            return word + "es";
        }
        return word + "s";
    }

    /** A simple English singular: {@code categories} → category, {@code boxes} → box, {@code tracks} → track. */
    static String singular(String word) {
        if (UNCHANGED.contains(word) || word.length() < 3) {
            return word;
        }
        if (word.equals("people")) {
            return "person";
        }
        if (word.endsWith("ies")) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (word.endsWith("sses")
                || word.endsWith("xes")
                || word.endsWith("ches")
                || word.endsWith("shes")
                || word.endsWith("uses")) {
            return word.substring(0, word.length() - 2);
        }
        if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
            return word.substring(0, word.length() - 1);
        }
        return word;
    }
}
