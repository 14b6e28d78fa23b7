package io.quarry.sql;

import com.fasterxml.jackson.databind.node.TextNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.CompareOp;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.CodePoints;
import io.quarry.internal.IsoDateTime;
import io.quarry.regex.PortableRegex;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The targets that are not JSON: a column holding one scalar (text, timestamp, number, boolean), a
 * value the same for every row, a field no column holds. Each decides every {@link ElementTest} kind
 * through a visitor, so a new kind is a compile error here rather than a silent {@code (1 = 0)}.
 */
final class ColumnTargets {
    private ColumnTargets() {}

    /** A text column that is never null: {@code id} and {@code type}. */
    static final class Text implements Target.PresentValue {
        private final Dialect dialect;
        private final String column;

        Text(Dialect dialect, String column) {
            this.dialect = dialect;
            this.column = column;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            // numbers, booleans and null never match a string column
            ElementTest t = ReadAs.of(test).string() ? NulText.storable(dialect, test) : null;
            if (t == null) {
                w.never();
            } else {
                dialect.textColumn(w, column, t);
            }
        }
    }

    /**
     * A timestamp column that is never null; the filter language sees it as the canonical UTC string
     * {@link IsoDateTime#format}, so equality holds only for that exact spelling, and comparison is by
     * instant. The canonical string itself is not in the database, so a string-only test (a pattern, a
     * substring, a comparison with a string that is not a date) is never answered differently from the
     * evaluator: on a field of a type table it is refused with a message; on a system field the
     * validator has refused it already.
     */
    static class Timestamp implements Target.PresentValue {
        private final Dialect dialect;
        private final String column;
        private final String field;

        /** A timestamp column; {@code field} names the type-table field it holds, {@code null} for a system field. */
        Timestamp(Dialect dialect, String column, String field) {
            this.dialect = dialect;
            this.column = column;
            this.field = field;
        }

        /** The string the filter language sees for an instant the column can hold; empty for any other. */
        Optional<Object> equalBind(String value) {
            Optional<Instant> instant = IsoDateTime.parse(value);
            return instant.isPresent() && IsoDateTime.format(instant.get()).equals(value)
                    ? Optional.of(dialect.timestamp(instant.get()))
                    : Optional.empty();
        }

        /** Writes {@code column op instant}. */
        void compare(SqlWriter w, CompareOp op, Instant instant) {
            w.append("(")
                    .append(column)
                    .comparison(op, dialect.timestamp(instant))
                    .append(")");
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            test.accept(new NotText(w, this::refusal) {
                @Override
                public Void stringEquals(ElementTest.StringEquals t) {
                    Optional<Object> bind = equalBind(t.value());
                    if (bind.isPresent()) {
                        w.append("(")
                                .append(column)
                                .append(" = ")
                                .bind(bind.get())
                                .append(")");
                    } else {
                        w.never();
                    }
                    return null;
                }

                @Override
                public Void instantCompare(ElementTest.InstantCompare t) {
                    Instant instant = Instant.ofEpochSecond(
                            Math.floorDiv(t.micros(), 1_000_000L), Math.floorMod(t.micros(), 1_000_000L) * 1_000L);
                    compare(w, t.op(), instant);
                    return null;
                }
            });
        }

        String column() {
            return column;
        }

        private RuntimeException refusal() {
            if (field == null) {
                return new IllegalStateException(
                        "validate the filter first: string operators do not apply to timestamps");
            }
            return QueryException.of(
                    ErrorCode.TYPE_MISMATCH,
                    field,
                    "'" + field + "' is a " + kind() + " column: it compares with dates, not as text.",
                    "Use $eq, $gt, $gte, $lt or $lte with an ISO-8601 date or date-time, such as \"2024-01-31\".");
        }

        String kind() {
            return "timestamp";
        }
    }

    /**
     * A SQL {@code DATE} column; the filter language sees the string {@code YYYY-MM-DD}, which compares
     * with a date-time as its midnight UTC: so {@code > 2024-01-31T10:00Z} is {@code > 2024-01-31},
     * and {@code >= 2024-01-31T10:00Z} is {@code > 2024-01-31} too. Equality holds for that exact
     * spelling only; string operators are refused as on a timestamp column.
     */
    static final class Date extends Timestamp {
        private final Dialect dialect;

        /** A date column (an expression over it on a dialect that needs one) holding type-table field {@code field}. */
        Date(Dialect dialect, String column, String field) {
            super(dialect, dialect.dateColumn(column), field);
            this.dialect = dialect;
        }

        @Override
        Optional<Object> equalBind(String value) {
            return IsoDateTime.localDate(value).map(dialect::date);
        }

        @Override
        void compare(SqlWriter w, CompareOp op, Instant instant) {
            LocalDate day = LocalDate.ofInstant(instant, ZoneOffset.UTC);
            boolean midnight = day.atStartOfDay(ZoneOffset.UTC).toInstant().equals(instant);
            // a date is its midnight: between two midnights, > and >= mean > the day before, < and <= mean <= it
            CompareOp onDay =
                    switch (op) {
                        case GTE -> midnight ? CompareOp.GTE : CompareOp.GT;
                        case LT -> midnight ? CompareOp.LT : CompareOp.LTE;
                        default -> op;
                    };
            if (op == CompareOp.EQ && !midnight) {
                w.never();
                return;
            }
            w.append("(").append(column()).comparison(onDay, dialect.date(day)).append(")");
        }

        @Override
        String kind() {
            return "date";
        }
    }

    /**
     * A text, number or boolean column (never {@code NULL} here: the filter writer guards it). A text
     * column runs every string test in the dialect and the number test (a numeric string is a number)
     * on the column as a JSON string; a number column only compares numbers, a boolean column only
     * equals booleans: the evaluator's rules for a stored scalar of that kind.
     */
    static final class Scalar implements Target.PresentValue {
        private final Dialect dialect;
        private final String column;
        private final TableLayout.ColumnType type;
        private final boolean singlePrecision;

        /**
         * A column of {@code type}: {@code TEXT}, {@code NUMBER} or {@code BOOLEAN}; a number column
         * may hold single-precision floats ({@link TableLayout.FieldColumn#singlePrecision()}).
         */
        Scalar(Dialect dialect, String column, TableLayout.ColumnType type, boolean singlePrecision) {
            this.dialect = dialect;
            this.column = column;
            this.type = type;
            this.singlePrecision = singlePrecision;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            test.accept(new ElementTest.Visitor<Void>() {
                @Override
                public Void stringEquals(ElementTest.StringEquals t) {
                    return text(t);
                }

                @Override
                public Void stringCompare(ElementTest.StringCompare t) {
                    return text(t);
                }

                @Override
                public Void numberCompare(ElementTest.NumberCompare t) {
                    if (type == TableLayout.ColumnType.TEXT) {
                        // a numeric string is a number: the JSON tests know it, a dialect's text column may not
                        dialect.anyElement(w, dialect.scalarDocument(column), List.of("v"), t);
                    } else if (type == TableLayout.ColumnType.NUMBER
                            && singlePrecision
                            && Float.isFinite(t.value().floatValue())) {
                        // the operand as the float a value shown so reads back as, bound as its exact
                        // double: every database widens the column to a double to compare it
                        w.append("(")
                                .append(column)
                                .comparison(t.op(), (double) t.value().floatValue())
                                .append(")");
                    } else if (type == TableLayout.ColumnType.NUMBER) {
                        dialect.compareNumberColumn(w, column, t.op(), t.value());
                    } else {
                        w.never();
                    }
                    return null;
                }

                @Override
                public Void instantCompare(ElementTest.InstantCompare t) {
                    return text(t);
                }

                @Override
                public Void booleanEquals(ElementTest.BooleanEquals t) {
                    if (type == TableLayout.ColumnType.BOOLEAN) {
                        w.append("(")
                                .append(column)
                                .append(" = ")
                                .bind(t.value())
                                .append(")");
                    } else {
                        w.never();
                    }
                    return null;
                }

                @Override
                public Void isNull(ElementTest.IsNull t) {
                    w.never();
                    return null;
                }

                @Override
                public Void regex(ElementTest.Regex t) {
                    return text(t);
                }

                @Override
                public Void match(ElementTest.Match t) {
                    return text(t);
                }

                /** A string test: the dialect's on a text column, never true on a number or boolean. */
                private Void text(ElementTest t) {
                    if (type == TableLayout.ColumnType.TEXT) {
                        dialect.textColumn(w, column, t);
                    } else {
                        w.never();
                    }
                    return null;
                }
            });
        }
    }

    /**
     * A value that is the same for every row (a type table's type; a missing timestamp): decided here,
     * as the evaluator decides it on a stored string, and written as a constant condition.
     */
    static final class Constant implements Target.PresentValue {
        private final String value;

        Constant(String value) {
            this.value = value;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            w.truth(test.accept(new Passes(value)));
        }
    }

    /**
     * The {@code id} of a type table whose ids are not its one text column (a typed, composite or
     * qualified key, {@link TableIds}): an id equals a row when it names the row's key, decided in
     * Java and bound with the key columns' types; numbers, booleans and null equal no id. Ordering,
     * patterns and substrings of such ids are not in the database, so they are refused with a message
     * rather than answered differently from the evaluator.
     */
    static final class Key implements Target.PresentValue {
        private final Dialect dialect;
        private final TableLayout.TypeTable table;
        private final String alias;

        Key(Dialect dialect, TableLayout.TypeTable table, String alias) {
            this.dialect = dialect;
            this.table = table;
            this.alias = alias;
        }

        @Override
        public void any(SqlWriter w, ElementTest test) {
            test.accept(new NotText(w, this::refused) {
                @Override
                public Void stringEquals(ElementTest.StringEquals t) {
                    Optional<TableIds.Resolved> key = TableIds.inTable(dialect, table, t.value());
                    if (key.isEmpty()) {
                        w.never();
                    } else {
                        TableIds.equals(dialect, w, alias, table.key().columns(), key.get());
                    }
                    return null;
                }

                @Override
                public Void instantCompare(ElementTest.InstantCompare t) {
                    throw refused();
                }
            });
        }

        private QueryException refused() {
            return QueryException.of(
                    ErrorCode.INVALID_OPERAND,
                    "filter.id",
                    "The ids of type " + table.type() + " are keys of the table " + table.table()
                            + ", which are matched whole, not compared, searched or matched by pattern.",
                    "Filter id with $eq, $ne, $in or $nin and whole ids such as \"" + table.type()
                            + ":1\", or filter the fields instead.");
        }
    }

    /**
     * The tests on a column that the filter language sees as strings but the database does not hold as
     * that text (a timestamp's canonical spelling, a typed or composite key): equality is the column's
     * own, ordering by code point, patterns and substrings are refused with the column's message, and
     * numbers, booleans and null never pass.
     */
    private abstract static class NotText implements ElementTest.TextVisitor<Void> {
        private final SqlWriter w;
        private final Supplier<RuntimeException> refusal;

        NotText(SqlWriter w, Supplier<RuntimeException> refusal) {
            this.w = w;
            this.refusal = refusal;
        }

        @Override
        public Void stringCompare(ElementTest.StringCompare t) {
            throw refusal.get();
        }

        @Override
        public Void regex(ElementTest.Regex t) {
            throw refusal.get();
        }

        @Override
        public Void match(ElementTest.Match t) {
            throw refusal.get();
        }

        @Override
        public Void never(ElementTest t) {
            w.never();
            return null;
        }
    }

    /** A field no column holds: always missing. */
    static final class Missing implements Target.OneValue {
        @Override
        public void any(SqlWriter w, ElementTest test) {
            w.never();
        }

        @Override
        public void exists(SqlWriter w, boolean exists) {
            w.truth(!exists);
        }
    }

    /** Whether a stored string passes a test, by the evaluator's rules for a JSON string. */
    private record Passes(String value) implements ElementTest.Visitor<Boolean> {
        @Override
        public Boolean stringEquals(ElementTest.StringEquals t) {
            return value.equals(t.value());
        }

        @Override
        public Boolean stringCompare(ElementTest.StringCompare t) {
            return t.op().test(CodePoints.compare(value, t.value()));
        }

        @Override
        public Boolean numberCompare(ElementTest.NumberCompare t) {
            // a numeric string is a number
            return FilterEvaluator.numberOf(TextNode.valueOf(value))
                    .map(n -> t.op().test(n.compareTo(t.value())))
                    .orElse(false);
        }

        @Override
        public Boolean instantCompare(ElementTest.InstantCompare t) {
            return IsoDateTime.parse(value)
                    .map(i -> t.op().test(Long.compare(ElementTest.InstantCompare.micros(i), t.micros())))
                    .orElse(false);
        }

        @Override
        public Boolean booleanEquals(ElementTest.BooleanEquals t) {
            return false;
        }

        @Override
        public Boolean isNull(ElementTest.IsNull t) {
            return false;
        }

        @Override
        public Boolean regex(ElementTest.Regex t) {
            return PortableRegex.find(t.pattern(), t.ignoreCase(), value);
        }

        @Override
        public Boolean match(ElementTest.Match t) {
            return t.op().matches(value, t.literal(), t.ignoreCase());
        }
    }
}
