package io.quarry.neo4j;

import static io.quarry.neo4j.NodeEncoding.quote;

import io.quarry.filter.CompareOp;
import io.quarry.filter.Filter;
import io.quarry.filter.FilterEvaluator;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The filter language compiled to a Cypher predicate over a node of {@link NodeEncoding}'s layout:
 * one visitor over the sealed AST, every operand a parameter. Every part is two-valued (a missing
 * property reads as an empty list or {@code false}, never as Cypher's null), so {@code NOT} and
 * {@code $nor} are plain negation, as in the evaluator.
 */
final class CypherFilter implements Filter.Visitor<String> {
    /** Always true and always false. */
    static final String TRUE = "true";

    static final String FALSE = "false";

    private final String node;
    private final Cypher.Params params;

    /**
     * A compiler writing predicates over the node variable {@code node}.
     *
     * @param node the variable, such as {@code n}
     * @param params where the operands go
     */
    CypherFilter(String node, Cypher.Params params) {
        this.node = node;
        this.params = params;
    }

    /** The predicate of a filter. */
    String write(Filter filter) {
        return filter.accept(this);
    }

    @Override
    public String and(Filter.And and) {
        return all(and.filters().stream().map(this::write).toList());
    }

    @Override
    public String or(Filter.Or or) {
        return any(or.filters().stream().map(this::write).toList());
    }

    @Override
    public String nor(Filter.Nor nor) {
        return "NOT " + paren(any(nor.filters().stream().map(this::write).toList()));
    }

    @Override
    public String condition(Filter.Condition condition) {
        return condition.predicate().accept(new Field(NodeEncoding.path(condition.path())));
    }

    private static String paren(String part) {
        return "(" + part + ")";
    }

    static String all(List<String> parts) {
        List<String> kept = parts.stream().filter(p -> !p.equals(TRUE)).toList();
        if (kept.contains(FALSE)) {
            return FALSE;
        }
        return kept.isEmpty() ? TRUE : kept.size() == 1 ? kept.get(0) : "(" + String.join(" AND ", kept) + ")";
    }

    static String any(List<String> parts) {
        List<String> kept = parts.stream().filter(p -> !p.equals(FALSE)).toList();
        if (kept.contains(TRUE)) {
            return TRUE;
        }
        return kept.isEmpty() ? FALSE : kept.size() == 1 ? kept.get(0) : "(" + String.join(" OR ", kept) + ")";
    }

    /** The predicates on one field path. */
    private final class Field implements Predicate.Visitor<String> {
        private final String path;

        Field(String path) {
            this.path = path;
        }

        private String prop(String kind) {
            return node + "." + quote(path + "#" + kind);
        }

        private String list(String kind) {
            return "coalesce(" + prop(kind) + ", [])";
        }

        private String present() {
            return prop("e") + " IS NOT NULL";
        }

        private String nullOrMissing() {
            return "(" + prop("e") + " IS NULL OR " + prop("z") + " IS NOT NULL)";
        }

        private String anyElement(String kind, String test) {
            return "any(x IN " + list(kind) + " WHERE " + test + ")";
        }

        @Override
        public String compare(Predicate.Compare compare) {
            if (compare.op() == CompareOp.EQ) {
                return equalsAny(compare.operand());
            }
            String op =
                    switch (compare.op()) {
                        case GT -> ">";
                        case GTE -> ">=";
                        case LT -> "<";
                        case LTE -> "<=";
                        case EQ -> throw new AssertionError();
                    };
            return compare.operand().accept(new Value.Visitor<String>() {
                @Override
                public String string(Value.Str operand) {
                    Optional<Instant> instant = FilterEvaluator.instantOf(
                            com.fasterxml.jackson.databind.node.TextNode.valueOf(operand.value()));
                    if (instant.isPresent()) {
                        return anyElement("d", "x " + op + " " + params.add(NodeEncoding.instant(instant.get())));
                    }
                    return anyElement("o", "x " + op + " " + params.add(NodeEncoding.text(operand.value())));
                }

                @Override
                public String number(Value.Num operand) {
                    return anyElement("n", "x " + op + " " + params.add(NodeEncoding.number(operand.value())));
                }

                @Override
                public String bool(Value.Bool operand) {
                    return FALSE; // the parser rejects it; kept total as the evaluator is
                }

                @Override
                public String nul(Value.Null operand) {
                    return FALSE;
                }
            });
        }

        /** {@code $eq}: null also matches a missing field; an array matches when an element does. */
        private String equalsAny(Value operand) {
            return operand.accept(new Value.Visitor<String>() {
                @Override
                public String string(Value.Str v) {
                    return params.add(v.value()) + " IN " + list("s");
                }

                @Override
                public String number(Value.Num v) {
                    return params.add(NodeEncoding.number(v.value())) + " IN " + list("n");
                }

                @Override
                public String bool(Value.Bool v) {
                    return params.add(v.value()) + " IN " + list("b");
                }

                @Override
                public String nul(Value.Null v) {
                    return nullOrMissing();
                }
            });
        }

        @Override
        public String in(Predicate.In in) {
            List<String> strings = new ArrayList<>();
            List<String> numbers = new ArrayList<>();
            List<Boolean> booleans = new ArrayList<>();
            boolean nul = false;
            for (Value v : in.values()) {
                v.accept(new Value.Visitor<Void>() {
                    @Override
                    public Void string(Value.Str s) {
                        strings.add(s.value());
                        return null;
                    }

                    @Override
                    public Void number(Value.Num n) {
                        numbers.add(NodeEncoding.number(n.value()));
                        return null;
                    }

                    @Override
                    public Void bool(Value.Bool b) {
                        booleans.add(b.value());
                        return null;
                    }

                    @Override
                    public Void nul(Value.Null z) {
                        return null;
                    }
                });
                nul |= v instanceof Value.Null;
            }
            List<String> parts = new ArrayList<>();
            if (!strings.isEmpty()) {
                parts.add(anyElement("s", "x IN " + params.add(List.copyOf(strings))));
            }
            if (!numbers.isEmpty()) {
                parts.add(anyElement("n", "x IN " + params.add(List.copyOf(numbers))));
            }
            if (!booleans.isEmpty()) {
                parts.add(anyElement("b", "x IN " + params.add(List.copyOf(booleans))));
            }
            if (nul) {
                parts.add(nullOrMissing());
            }
            return any(parts);
        }

        @Override
        public String exists(Predicate.Exists exists) {
            return exists.exists() ? present() : prop("e") + " IS NULL";
        }

        @Override
        public String regex(Predicate.Regex regex) {
            return anyElement(
                    "s", "x =~ " + params.add(FilterEvaluator.wholeTextJavaRegex(regex.pattern(), regex.ignoreCase())));
        }

        @Override
        public String match(Predicate.Match match) {
            if (match.ignoreCase()) {
                return anyElement(
                        "s",
                        "x =~ "
                                + params.add(FilterEvaluator.wholeTextJavaRegex(
                                        match.op().pattern(match.literal()), true)));
            }
            String op =
                    switch (match.op()) {
                        case CONTAINS -> "CONTAINS";
                        case STARTS_WITH -> "STARTS WITH";
                        case ENDS_WITH -> "ENDS WITH";
                    };
            return anyElement("s", "x " + op + " " + params.add(match.literal()));
        }

        @Override
        public String all(Predicate.All all) {
            List<String> parts = new ArrayList<>();
            parts.add(prop("a") + " IS NOT NULL");
            for (Value v : all.values()) {
                parts.add(v instanceof Value.Null ? prop("z") + " IS NOT NULL" : equalsAny(v));
            }
            return CypherFilter.all(parts);
        }

        @Override
        public String size(Predicate.Size size) {
            return "coalesce(" + prop("a") + " = " + params.add((long) size.size()) + ", false)";
        }

        @Override
        public String not(Predicate.Not not) {
            String inner = not.predicate().accept(this);
            return inner.equals(TRUE) ? FALSE : inner.equals(FALSE) ? TRUE : "NOT " + paren(inner);
        }

        @Override
        public String every(Predicate.Every every) {
            return CypherFilter.all(
                    every.predicates().stream().map(p -> p.accept(this)).toList());
        }
    }
}
