package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.CompareOp;
import io.quarry.filter.Predicate;
import io.quarry.filter.Value;
import io.quarry.schema.FieldType;
import io.quarry.store.SortKey;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** {@code number_range_search}: objects whose number field compares to a value, lies in a range, or is about a value. */
final class NumberRangeSearchTool extends TypedSearch {
    static final String NAME = "number_range_search";
    private static final BigDecimal TEN_PERCENT = new BigDecimal("0.1");

    NumberRangeSearchTool(Parts parts, ToolConfig config) {
        super(NAME, parts, config, FieldType::isNumeric, false);
    }

    @Override
    public String description() {
        String type = firstType();
        String field = firstField(type);
        ToolConfig.FieldRule rule = config.rule(type, field).orElse(null);
        BigDecimal min = rule == null ? null : rule.min();
        BigDecimal max = rule == null ? null : rule.max();
        // the example's value lies inside the configured range, and its operator is allowed
        BigDecimal value = min != null && max != null
                ? min.add(max).divide(BigDecimal.valueOf(2), 0, RoundingMode.HALF_UP)
                : min != null ? min : max != null ? max : BigDecimal.valueOf(50);
        BigDecimal tolerance = min != null && max != null
                ? max.subtract(min).divide(BigDecimal.TEN, 0, RoundingMode.UP)
                : BigDecimal.TEN;
        String operator = exampleMode(type, field, "approximately");
        String parameters =
                switch (operator) {
                    case "approximately" ->
                        ", \"value\": " + value.toPlainString() + ", \"tolerance\": " + tolerance.toPlainString();
                    case "between" ->
                        ", \"value\": " + (min != null ? min : value).toPlainString() + ", \"upper_value\": "
                                + (max != null ? max : value.add(tolerance)).toPlainString();
                    default -> ", \"value\": " + value.toPlainString();
                };
        return "Find objects whose number field is equal, gt, gte, lt, lte, between value and upper_value "
                + "(inclusive), approximately value (± tolerance, default 10%) or rounded_equal (rounds to value "
                + "at round_to, default 10); numeric strings count. Smallest first. "
                + "Example: {\"entity_type\": \"" + type + "\", \"field\": \"" + field
                + "\", \"operator\": \"" + operator + "\"" + parameters + "}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = baseSchema();
        ObjectNode props = (ObjectNode) schema.get("properties");
        props.set("operator", InputSchemas.enumString(NUMBER_MODES));
        props.putObject("value").put("type", "number");
        ObjectNode upper = props.putObject("upper_value");
        upper.put("type", "number");
        upper.put("description", "For between: the upper bound, inclusive.");
        ObjectNode tolerance = props.putObject("tolerance");
        tolerance.put("type", "number");
        tolerance.put("minimum", 0);
        tolerance.put("description", "For approximately: allowed distance from value; default 10% of value.");
        ObjectNode roundTo = props.putObject("round_to");
        roundTo.put("type", "number");
        roundTo.put("exclusiveMinimum", 0);
        roundTo.put("default", 10);
        roundTo.put("description", "For rounded_equal: the unit values are rounded to.");
        pageParameters(schema, limits.defaultLimit());
        schema.withArray("required").add("operator");
        schema.withArray("required").add("value");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        Target target = target(args);
        String operator = args.choice("operator", NUMBER_MODES).orElseThrow(() -> missing("operator"));
        checkMode(target, "operator", operator);
        BigDecimal value = args.number("value").orElseThrow(() -> missing("value"));
        checkRange(target, "value", value);
        Predicate predicate =
                switch (operator) {
                    case "equal" -> compare(CompareOp.EQ, value);
                    case "gt" -> compare(CompareOp.GT, value);
                    case "gte" -> compare(CompareOp.GTE, value);
                    case "lt" -> compare(CompareOp.LT, value);
                    case "lte" -> compare(CompareOp.LTE, value);
                    case "between" -> {
                        BigDecimal upper = args.number("upper_value").orElseThrow(() -> missing("upper_value"));
                        checkRange(target, "upper_value", upper);
                        if (upper.compareTo(value) < 0) {
                            throw QueryException.of(
                                    ErrorCode.INVALID_OPERAND,
                                    "upper_value",
                                    "upper_value (" + upper.toPlainString() + ") is less than value ("
                                            + value.toPlainString() + ").",
                                    "Swap value and upper_value: value is the lower bound.");
                        }
                        yield range(value, CompareOp.LTE, upper);
                    }
                    case "approximately" -> {
                        BigDecimal tolerance =
                                args.number("tolerance").orElse(value.abs().multiply(TEN_PERCENT));
                        if (tolerance.signum() < 0) {
                            throw QueryException.of(
                                    ErrorCode.INVALID_OPERAND,
                                    "tolerance",
                                    "'tolerance' must not be negative.",
                                    "Give the allowed distance from value, such as 5, or leave it out for 10%.");
                        }
                        yield range(value.subtract(tolerance), CompareOp.LTE, value.add(tolerance));
                    }
                    default -> {
                        BigDecimal unit = args.number("round_to").orElse(BigDecimal.TEN);
                        if (unit.signum() <= 0) {
                            throw QueryException.of(
                                    ErrorCode.INVALID_OPERAND,
                                    "round_to",
                                    "'round_to' must be greater than 0.",
                                    "Such as 10, 100 or 0.5.");
                        }
                        // values that round (half up) to the same multiple of round_to as value does
                        BigDecimal target0 =
                                value.divide(unit, 0, RoundingMode.HALF_UP).multiply(unit);
                        BigDecimal half = unit.divide(BigDecimal.valueOf(2));
                        yield range(target0.subtract(half), CompareOp.LT, target0.add(half));
                    }
                };
        return run(
                target,
                predicate,
                "value",
                List.of(new SortKey(target.path(), false)),
                call.limits().defaultLimit(),
                args,
                call);
    }

    private void checkRange(Target target, String parameter, BigDecimal value) {
        ToolConfig.FieldRule rule =
                config.rule(target.type().name(), target.name()).orElse(null);
        if (rule == null) {
            return;
        }
        boolean low = rule.min() != null && value.compareTo(rule.min()) < 0;
        boolean high = rule.max() != null && value.compareTo(rule.max()) > 0;
        if (low || high) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    parameter,
                    target.type().name() + "." + target.name() + " is never " + (low ? "below " : "above ")
                            + (low ? rule.min() : rule.max()).toPlainString() + ".",
                    "Use a value from "
                            + (rule.min() == null ? "any" : rule.min().toPlainString()) + " to "
                            + (rule.max() == null ? "any" : rule.max().toPlainString()) + ".");
        }
    }

    private static Predicate compare(CompareOp op, BigDecimal value) {
        return new Predicate.Compare(op, Value.of(value));
    }

    /**
     * A range whose bounds the tool computed (value ± tolerance, a rounded value ± half a unit), kept
     * within the numbers a filter compares (the double range): a bound past either end is that end with
     * the comparison that gives the same answer, so no number the caller never sent reaches the filter.
     */
    private static Predicate range(BigDecimal low, CompareOp upperOp, BigDecimal high) {
        return new Predicate.Every(List.of(bound(CompareOp.GTE, low), bound(upperOp, high)));
    }

    private static final BigDecimal MAX = new BigDecimal(Double.MAX_VALUE);

    private static Predicate bound(CompareOp op, BigDecimal value) {
        boolean lower = op == CompareOp.GT || op == CompareOp.GTE;
        if (value.compareTo(MAX) > 0) {
            return compare(lower ? CompareOp.GT : CompareOp.LTE, MAX);
        }
        if (value.compareTo(MAX.negate()) < 0) {
            return compare(lower ? CompareOp.GTE : CompareOp.LT, MAX.negate());
        }
        return compare(op, value);
    }
}
