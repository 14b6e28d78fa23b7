package io.quarry.config;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Suggestions;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * One value of a configuration file with the file's name and its dotted path, for the readers of the
 * sections: each accessor checks the kind of value it reads and, when it is not that kind, throws the
 * {@link ConfigException} that names the entry and says what to write instead. Read with
 * {@link QuarryConfig}; hosts need this type only to read a section the way Quarry does.
 *
 * <p>Immutable. Keys were checked for duplicates when the file was read.
 */
public final class ConfigNode {
    private final String source;
    private final String path;
    private final JsonNode value;

    ConfigNode(String source, String path, JsonNode value) {
        this.source = requireNonNull(source, "source");
        this.path = requireNonNull(path, "path");
        this.value = requireNonNull(value, "value");
    }

    /** Where the configuration came from, as error messages name it. */
    public String source() {
        return source;
    }

    /** The dotted path of this value, such as {@code store.tables.edges[0]}; empty for the whole file. */
    public String path() {
        return path;
    }

    /** Whether the value is null (a key written without a value). */
    public boolean isNull() {
        return value.isNull();
    }

    /** Whether the value is a string. */
    public boolean isText() {
        return value.isTextual();
    }

    /** Whether this is an object with a non-null value at {@code key}. */
    public boolean has(String key) {
        return get(key).isPresent();
    }

    /** The value at {@code key} of this object; empty when this is not an object, or the key is missing or null. */
    public Optional<ConfigNode> get(String key) {
        JsonNode child = value.get(key);
        return child == null || child.isNull() || !value.isObject()
                ? Optional.empty()
                : Optional.of(new ConfigNode(source, child(key), child));
    }

    /**
     * The value at {@code key} of this object, which must be there.
     *
     * @param remedy what to write, such as {@code "give name and target"}
     */
    public ConfigNode require(String key, String remedy) {
        return get(key).orElseThrow(() -> error("'" + key + "' is missing", remedy));
    }

    /**
     * This value, checked to be one of the names {@code known}, such as a declared type.
     *
     * @param what what the names are, such as {@code "type"}
     * @param remedy what to do, followed by the names, such as {@code "declared types: "}
     */
    public String oneOf(Collection<String> known, String what, String remedy) {
        String name = text("write a " + what + " name");
        if (!known.contains(name)) {
            throw error(
                    "unknown " + what + " '" + name + "'" + didYouMean(name, known), remedy + String.join(", ", known));
        }
        return name;
    }

    /**
     * This value, checked to be an object.
     *
     * @param remedy what to write instead, such as {@code "give table, id and fields"}
     */
    public ConfigNode object(String remedy) {
        if (!value.isObject()) {
            throw expected("an object", remedy);
        }
        return this;
    }

    /** The entries of this object in file order (values may be {@link #isNull() null}). */
    public Map<String, ConfigNode> entries(String remedy) {
        object(remedy);
        Map<String, ConfigNode> entries = new LinkedHashMap<>();
        value.properties()
                .forEach(e -> entries.put(e.getKey(), new ConfigNode(source, child(e.getKey()), e.getValue())));
        return entries;
    }

    /**
     * Checks that this object has no key outside {@code allowed}: the one key check of every section.
     *
     * @throws ConfigException naming the unknown key, the nearest allowed one and all of them
     */
    public ConfigNode keys(Collection<String> allowed) {
        object("give some of " + String.join(", ", new TreeSet<>(allowed)));
        for (String key : (Iterable<String>) value::fieldNames) {
            if (!allowed.contains(key)) {
                throw error(
                        "unknown key '" + key + "'" + didYouMean(key, allowed),
                        "allowed keys are " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
        return this;
    }

    /** The items of this list, each with its path ({@code edges[0]}). */
    public List<ConfigNode> items(String remedy) {
        if (!value.isArray()) {
            throw expected("a list", remedy);
        }
        List<ConfigNode> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            items.add(new ConfigNode(source, path + "[" + i + "]", value.get(i)));
        }
        return items;
    }

    /** This value, checked to be a string. */
    public String text(String remedy) {
        if (!value.isTextual()) {
            throw expected("a string", remedy);
        }
        return value.textValue();
    }

    /** This list of strings. */
    public List<String> strings(String remedy) {
        List<String> out = new ArrayList<>();
        for (ConfigNode item : items(remedy)) {
            out.add(item.text(remedy));
        }
        return List.copyOf(out);
    }

    /** This value, checked to be a whole number that fits an {@code int}. */
    public int wholeNumber(String remedy) {
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw expected("a whole number", remedy);
        }
        return value.intValue();
    }

    /** This value, checked to be a whole number of at least {@code least}. */
    public int wholeNumber(int least) {
        int n = wholeNumber("write a whole number of at least " + least);
        if (n < least) {
            throw error("expected a whole number of at least " + least + ", found " + n, "raise it to " + least);
        }
        return n;
    }

    /** This value, checked to be a number. */
    public BigDecimal number(String remedy) {
        if (!value.isNumber()) {
            throw expected("a number", remedy);
        }
        return value.decimalValue();
    }

    /** This value, checked to be {@code true} or {@code false}. */
    public boolean bool(String remedy) {
        if (!value.isBoolean()) {
            throw expected("true or false", remedy);
        }
        return value.booleanValue();
    }

    /**
     * The error at this entry, in the one format: {@code source: path: problem; remedy}.
     *
     * @param problem what is wrong, such as {@code unknown tool 'agregate'}
     * @param remedy what to do, such as {@code use one of ...}
     */
    public ConfigException error(String problem, String remedy) {
        return new ConfigException(source, path, problem + "; " + remedy, null);
    }

    /**
     * Builds a value from this entry, turning an {@link IllegalArgumentException} of the domain type's
     * own checks (its message says what is wrong and what to do) into the error at this entry.
     */
    public <T> T build(Supplier<T> make) {
        try {
            return make.get();
        } catch (ConfigException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ConfigException(source, path, e.getMessage(), e);
        }
    }

    /**
     * {@code " (did you mean 'x'?)"} for the candidate nearest to {@code name}, or nothing: how every
     * section's errors suggest a name.
     */
    public static String didYouMean(String name, Collection<String> candidates) {
        List<String> near = Suggestions.nearest(name, candidates, 1);
        return near.isEmpty() ? "" : " (did you mean '" + near.get(0) + "'?)";
    }

    private ConfigException expected(String kind, String remedy) {
        return error("expected " + kind + ", found " + describe(value), remedy);
    }

    private String child(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String describe(JsonNode v) {
        if (v.isObject()) {
            return "an object";
        }
        if (v.isArray()) {
            return "a list";
        }
        if (v.isTextual()) {
            return "the string '" + v.textValue() + "'";
        }
        if (v.isNumber()) {
            return "the number " + v.asText();
        }
        return v.isNull() ? "nothing" : v.asText();
    }

    @Override
    public String toString() {
        return source + ": " + path;
    }
}
