package io.quarry.filter;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.internal.NumericLiteral;
import io.quarry.regex.PortableRegex;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * The reference semantics of the filter language over Jackson trees: every SQL dialect must return
 * exactly the objects this evaluator accepts.
 *
 * <p>A document is a JSON object holding the system fields ({@code id}, {@code type},
 * {@code created_at}, {@code updated_at}) and the object's {@code properties}. The evaluator is total:
 * any filter the parser accepts, over any document, gives {@code true} or {@code false}.
 */
public final class FilterEvaluator {

    private FilterEvaluator() {}

    /** Whether the document matches the filter. */
    public static boolean matches(Filter filter, JsonNode document) {
        return filter.accept(new FilterMatcher(document));
    }

    /**
     * The value a path finds in a document, or {@code null} when the field is missing. Paths walk
     * nested objects only: a path that meets an array (or any non-object) before its last segment
     * finds nothing.
     */
    public static JsonNode resolve(FieldPath path, JsonNode document) {
        if (path.system()) {
            return document.get(path.head());
        }
        JsonNode node = document.get(FieldPath.PROPERTIES);
        for (String segment : path.segments()) {
            if (node == null || !node.isObject()) {
                return null;
            }
            node = node.get(segment);
        }
        return node;
    }

    /** The number a stored value denotes: a JSON number, or a string holding a numeric literal. */
    public static Optional<BigDecimal> numberOf(JsonNode value) {
        if (value.isNumber()) {
            return Json.decimal(value);
        }
        if (value.isTextual()) {
            return NumericLiteral.parse(value.textValue());
        }
        return Optional.empty();
    }

    /**
     * The instant a stored value denotes for date comparisons and ordering: a JSON string in the filter
     * language's ISO-8601 subset (a date alone is midnight UTC, an offset is applied), else empty.
     */
    public static Optional<Instant> instantOf(JsonNode value) {
        return value != null && value.isTextual() ? IsoDateTime.parse(value.textValue()) : Optional.empty();
    }

    /**
     * A {@code java.util.regex} pattern that matches a whole text exactly when the portable pattern is
     * found somewhere in it, with the filter language's meaning of {@code .}, {@code $}, the classes
     * and case folding: what a store runs where the database's regex engine is Java's and matches the
     * whole text, as Cypher's {@code =~} does.
     *
     * @throws IllegalArgumentException if the pattern is not portable (the validator refuses it first)
     */
    public static String wholeTextJavaRegex(String pattern, boolean ignoreCase) {
        return "[\\s\\S]*(?:"
                + io.quarry.regex.PcrePrinter.print(io.quarry.regex.Regex.parse(pattern, ignoreCase))
                + ")[\\s\\S]*";
    }

    private record FilterMatcher(JsonNode document) implements Filter.Visitor<Boolean> {
        @Override
        public Boolean and(Filter.And and) {
            return and.filters().stream().allMatch(f -> f.accept(this));
        }

        @Override
        public Boolean or(Filter.Or or) {
            return or.filters().stream().anyMatch(f -> f.accept(this));
        }

        @Override
        public Boolean nor(Filter.Nor nor) {
            return nor.filters().stream().noneMatch(f -> f.accept(this));
        }

        @Override
        public Boolean condition(Filter.Condition condition) {
            return condition.predicate().accept(new PredicateMatcher(resolve(condition.path(), document)));
        }
    }

    /** Evaluates a predicate on one value; {@code value} is {@code null} when the field is missing. */
    private record PredicateMatcher(JsonNode value) implements Predicate.Visitor<Boolean> {

        @Override
        public Boolean compare(Predicate.Compare compare) {
            if (compare.op() == CompareOp.EQ) {
                return equalsAny(compare.operand());
            }
            return compare.operand().accept(new Value.Visitor<Boolean>() {
                @Override
                public Boolean string(Value.Str operand) {
                    Optional<Instant> instant = IsoDateTime.parse(operand.value());
                    if (instant.isPresent()) {
                        return anyElement(e -> e.isTextual()
                                && IsoDateTime.parse(e.textValue())
                                        .map(i -> compare.op().test(i.compareTo(instant.get())))
                                        .orElse(false));
                    }
                    return anyElement(e ->
                            e.isTextual() && compare.op().test(CodePoints.compare(e.textValue(), operand.value())));
                }

                @Override
                public Boolean number(Value.Num operand) {
                    return anyElement(e -> numberOf(e)
                            .map(n -> compare.op().test(n.compareTo(operand.value())))
                            .orElse(false));
                }

                @Override
                public Boolean bool(Value.Bool operand) {
                    return false; // the parser rejects it; kept total
                }

                @Override
                public Boolean nul(Value.Null operand) {
                    return false; // the parser rejects it; kept total
                }
            });
        }

        @Override
        public Boolean in(Predicate.In in) {
            return in.values().stream().anyMatch(this::equalsAny);
        }

        @Override
        public Boolean exists(Predicate.Exists exists) {
            return exists.exists() == (value != null);
        }

        @Override
        public Boolean regex(Predicate.Regex regex) {
            return anyElement(
                    e -> e.isTextual() && PortableRegex.find(regex.pattern(), regex.ignoreCase(), e.textValue()));
        }

        @Override
        public Boolean match(Predicate.Match match) {
            return anyElement(
                    e -> e.isTextual() && match.op().matches(e.textValue(), match.literal(), match.ignoreCase()));
        }

        @Override
        public Boolean all(Predicate.All all) {
            if (value == null || !value.isArray()) {
                return false;
            }
            return all.values().stream().allMatch(operand -> {
                for (JsonNode e : value) {
                    if (equalsScalar(e, operand)) {
                        return true;
                    }
                }
                return false;
            });
        }

        @Override
        public Boolean size(Predicate.Size size) {
            return value != null && value.isArray() && value.size() == size.size();
        }

        @Override
        public Boolean not(Predicate.Not not) {
            return !not.predicate().accept(this);
        }

        @Override
        public Boolean every(Predicate.Every every) {
            return every.predicates().stream().allMatch(p -> p.accept(this));
        }

        /** {@code $eq}: null also matches a missing field; arrays match when any element does. */
        private boolean equalsAny(Value operand) {
            if (operand instanceof Value.Null && value == null) {
                return true;
            }
            return anyElement(e -> equalsScalar(e, operand));
        }

        private boolean anyElement(java.util.function.Predicate<JsonNode> test) {
            if (value == null) {
                return false;
            }
            if (value.isArray()) {
                for (JsonNode e : value) {
                    if (test.test(e)) {
                        return true;
                    }
                }
                return false;
            }
            return test.test(value);
        }

        private static boolean equalsScalar(JsonNode stored, Value operand) {
            return operand.accept(new Value.Visitor<Boolean>() {
                @Override
                public Boolean string(Value.Str v) {
                    return stored.isTextual() && stored.textValue().equals(v.value());
                }

                @Override
                public Boolean number(Value.Num v) {
                    return numberOf(stored)
                            .map(n -> n.compareTo(v.value()) == 0)
                            .orElse(false);
                }

                @Override
                public Boolean bool(Value.Bool v) {
                    return stored.isBoolean() && stored.booleanValue() == v.value();
                }

                @Override
                public Boolean nul(Value.Null v) {
                    return stored.isNull();
                }
            });
        }
    }
}
