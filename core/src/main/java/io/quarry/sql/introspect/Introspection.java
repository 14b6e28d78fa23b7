package io.quarry.sql.introspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The result of introspecting a database: a configuration tree in the configuration file's format
 * ({@code types} and {@code store: {layout: tables, …}}), which the configuration reader loads as it
 * loads a hand-written file, with what a reviewer should know about it.
 */
public final class Introspection {
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build();

    private final ObjectNode configuration;
    private final List<String> hidden;
    private final List<String> warnings;
    private final Map<String, String> modules;
    private final List<Link> links;

    Introspection(
            ObjectNode configuration,
            List<String> hidden,
            List<String> warnings,
            Map<String, String> modules,
            List<Link> links) {
        this.configuration = configuration;
        this.hidden = List.copyOf(hidden);
        this.warnings = List.copyOf(warnings);
        this.modules = Map.copyOf(modules);
        this.links = List.copyOf(links);
    }

    /**
     * An introspection result derived elsewhere than from a database's catalog (such as {@code
     * quarry-jpa}'s from an entity model), so that it is reviewed, written and loaded the same way.
     *
     * @param configuration the configuration tree: {@code types} and {@code store}
     * @param hidden the hidden fields, as {@code Type.field (table.column)}
     * @param warnings what was skipped or guessed, one line each
     * @param modules the module of each type that has one
     * @param links every relationship with its kind, from both ends
     * @return the result
     */
    public static Introspection of(
            ObjectNode configuration,
            List<String> hidden,
            List<String> warnings,
            Map<String, String> modules,
            List<Link> links) {
        return new Introspection(configuration.deepCopy(), hidden, warnings, modules, links);
    }

    /**
     * How two types are related, with the kind of the relationship seen from {@code type}. The
     * configuration format has no key for the kind yet; the relationship's description starts with it.
     *
     * @param type the type declaring the relationship
     * @param relationship the relationship name (an edge type)
     * @param target the type at the other end
     * @param direction {@code out} when {@code type} holds the foreign key (or is the join table's
     *     first key), {@code in} otherwise
     * @param kind {@code BELONGS_TO}, {@code HAS_MANY}, {@code BELONGS_TO_ONE}, {@code HAS_ONE}, {@code
     *     HAS_MANY_MANY} or {@code BELONGS_TO_MANY}
     */
    public record Link(String type, String relationship, String target, String direction, String kind) {}

    /** The configuration tree (a copy): {@code types} and {@code store}. */
    public ObjectNode configuration() {
        return configuration.deepCopy();
    }

    /** The configuration as YAML text, for a host to review and commit. */
    public String toYaml() {
        try {
            return YAML.writeValueAsString(configuration);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fields hidden because their column looks secret, as {@code Type.field (table.column)}. */
    public List<String> hiddenFields() {
        return hidden;
    }

    /** What was skipped or guessed and why: one line per table, column or key. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The module of each type that has one (type name to module): the schema name when several
     * schemas were read, or the table-name prefix shared by several tables ({@code sales_orders} →
     * {@code sales}). The configuration format has no key for it yet.
     */
    public Map<String, String> modules() {
        return modules;
    }

    /** Every relationship with its kind, from both ends. */
    public List<Link> links() {
        return links;
    }
}
