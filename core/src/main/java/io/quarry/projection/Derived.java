package io.quarry.projection;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarry.internal.CodePoints;
import io.quarry.schema.Relationship;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A field a projection computes through relationships rather than reads from the object: a count of
 * neighbours, a capped list of their ids, or a percentage of two counts.
 */
public sealed interface Derived {

    /**
     * The value for one object.
     *
     * @param object the object
     * @param around its relationships and neighbours
     * @param earlier the derived values already computed for it, by name, in declaration order
     */
    JsonNode compute(GraphObject object, Neighbourhood around, Map<String, JsonNode> earlier);

    /** Whether computing needs the neighbours' properties, not just the relationships. */
    boolean readsNeighbours();

    /**
     * Which neighbours count: those at the other end of a relationship of one type, in one direction,
     * optionally of one type and with a field holding one of some values.
     *
     * @param relationship the relationship type, such as {@code depends_on}
     * @param direction {@code OUT}: the object is the source; {@code IN}: the target; {@code BOTH}: either
     * @param kind only neighbours of this type, or {@code null} for any
     * @param field with {@code values}: only neighbours whose property equals one of them; or {@code null}
     * @param values the accepted values of {@code field}
     */
    record Select(
            String relationship, Relationship.Direction direction, String kind, String field, List<String> values) {

        /** Checks the arguments. */
        public Select {
            requireNonNull(relationship, "relationship");
            requireNonNull(direction, "direction");
            values = List.copyOf(requireNonNull(values, "values"));
            if ((field == null) != values.isEmpty()) {
                throw new IllegalArgumentException("a neighbour filter needs both a field and values");
            }
        }

        /** Whether matching needs the neighbour object. */
        boolean readsNeighbours() {
            return kind != null || field != null;
        }

        /** The distinct ids of the matching neighbours, in id order. */
        List<String> ids(GraphObject object, Neighbourhood around) {
            Set<String> ids = new LinkedHashSet<>();
            for (GraphRelationship r : around.relationships(object.id())) {
                if (!r.type().equals(relationship)) {
                    continue;
                }
                boolean out = r.srcId().equals(object.id());
                boolean in = r.dstId().equals(object.id());
                boolean matches =
                        switch (direction) {
                            case OUT -> out;
                            case IN -> in;
                            case BOTH -> true;
                        };
                if (matches && accepts(r.other(object.id()), around)) {
                    ids.add(r.other(object.id()));
                }
            }
            List<String> sorted = new ArrayList<>(ids);
            sorted.sort(CodePoints::compare);
            return sorted;
        }

        private boolean accepts(String id, Neighbourhood around) {
            if (!readsNeighbours()) {
                return true;
            }
            Optional<GraphObject> other = around.object(id);
            if (other.isEmpty() || (kind != null && !other.get().type().equals(kind))) {
                return false;
            }
            if (field == null) {
                return true;
            }
            JsonNode v = other.get().property(field);
            return v != null && v.isTextual() && values.contains(v.textValue());
        }
    }

    /**
     * How many neighbours match.
     *
     * @param select which neighbours
     */
    record Count(Select select) implements Derived {

        /** Checks the argument. */
        public Count {
            requireNonNull(select, "select");
        }

        @Override
        public JsonNode compute(GraphObject object, Neighbourhood around, Map<String, JsonNode> earlier) {
            return JsonNodeFactory.instance.numberNode(
                    select.ids(object, around).size());
        }

        @Override
        public boolean readsNeighbours() {
            return select.readsNeighbours();
        }
    }

    /**
     * The matching neighbours' ids in id order, at most {@code max}, then {@code "+N more"} when there
     * are more.
     *
     * @param select which neighbours
     * @param max how many ids to list, at least 1
     */
    record Ids(Select select, int max) implements Derived {

        /** Checks the arguments. */
        public Ids {
            requireNonNull(select, "select");
            if (max < 1) {
                throw new IllegalArgumentException("an id list shows at least 1 id, not " + max);
            }
        }

        @Override
        public JsonNode compute(GraphObject object, Neighbourhood around, Map<String, JsonNode> earlier) {
            List<String> ids = select.ids(object, around);
            ArrayNode list = JsonNodeFactory.instance.arrayNode();
            ids.subList(0, Math.min(max, ids.size())).forEach(list::add);
            if (ids.size() > max) {
                list.add(overflow(ids.size() - max));
            }
            return list;
        }

        @Override
        public boolean readsNeighbours() {
            return select.readsNeighbours();
        }
    }

    /**
     * {@code 100 * part / whole} of two earlier derived counts, rounded down; {@code null} when the
     * whole is 0.
     *
     * @param part the name of the numerator count
     * @param whole the name of the denominator count
     */
    record Percent(String part, String whole) implements Derived {

        /** Checks the arguments. */
        public Percent {
            requireNonNull(part, "part");
            requireNonNull(whole, "whole");
        }

        @Override
        public JsonNode compute(GraphObject object, Neighbourhood around, Map<String, JsonNode> earlier) {
            long p = earlier.get(part).asLong();
            long w = earlier.get(whole).asLong();
            return w == 0 ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.numberNode(100 * p / w);
        }

        @Override
        public boolean readsNeighbours() {
            return false;
        }
    }

    /** The overflow marker that ends a capped list: {@code "+12 more"}. */
    static String overflow(int more) {
        return "+" + more + " more";
    }
}
