package io.quarry.tool;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.filter.FieldPath;
import io.quarry.store.AggregateQuery.Expr;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * Parses a metric's {@code expr}: fields and numbers with {@code + - * /} (also {@code − × ÷}),
 * unary minus and parentheses, nothing else. Constant parts are folded exactly (a constant division
 * is kept, so every division is left to the evaluator's rule), and an expression must read a field.
 */
final class MetricExpression {
    static final int MAX_LENGTH = 300;
    static final int MAX_NODES = 40;
    static final int MAX_DEPTH = 12;
    static final String FORM =
            "fields and numbers with + - * / and parentheses, such as " + "\"unit_price * quantity * (1 - discount)\"";

    private final String text;
    private final String where;
    private final Function<String, FieldPath> fields;
    private int pos;
    private int nodes;

    private MetricExpression(String text, String where, Function<String, FieldPath> fields) {
        this.text = text;
        this.where = where;
        this.fields = fields;
    }

    /**
     * The expression of {@code text}.
     *
     * @param where the error path, such as {@code metrics[0].expr}
     * @param fields checks a field's name (throwing the usual field errors) and returns its path
     */
    static Expr parse(String text, String where, Function<String, FieldPath> fields) {
        if (text.length() > MAX_LENGTH) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    where,
                    "An expression has at most " + MAX_LENGTH + " characters.",
                    "Compute the parts in separate metrics.");
        }
        MetricExpression p = new MetricExpression(text, where, fields);
        Expr e = p.sum(0);
        p.space();
        if (p.pos < text.length()) {
            throw p.error(text.charAt(p.pos) == ')' ? "Unmatched ')'" : "Unexpected '" + text.charAt(p.pos) + "'");
        }
        if (!readsField(e)) {
            throw QueryException.of(
                    ErrorCode.INVALID_OPERAND, where, "The expression reads no field.", "Write " + FORM + ".");
        }
        return e;
    }

    private Expr sum(int depth) {
        Expr left = product(depth);
        while (true) {
            space();
            Expr.Operator op = peek('+') ? Expr.Operator.ADD : peek('-') || peek('−') ? Expr.Operator.SUBTRACT : null;
            if (op == null) {
                return left;
            }
            pos++;
            left = binary(op, left, product(depth));
        }
    }

    private Expr product(int depth) {
        Expr left = unary(depth);
        while (true) {
            space();
            Expr.Operator op = peek('*') || peek('×')
                    ? Expr.Operator.MULTIPLY
                    : peek('/') || peek('÷') ? Expr.Operator.DIVIDE : null;
            if (op == null) {
                return left;
            }
            pos++;
            left = binary(op, left, unary(depth));
        }
    }

    private Expr unary(int depth) {
        space();
        if (peek('-') || peek('−')) {
            pos++;
            Expr operand = unary(depth);
            count();
            return operand instanceof Expr.Constant c
                    ? new Expr.Constant(c.value().negate())
                    : new Expr.Negate(operand);
        }
        if (peek('+')) {
            pos++;
            return unary(depth);
        }
        return primary(depth);
    }

    private Expr primary(int depth) {
        space();
        if (pos >= text.length()) {
            throw error("The expression ends where a field, a number or '(' was expected");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            if (depth >= MAX_DEPTH) {
                throw QueryException.of(
                        ErrorCode.LIMIT_EXCEEDED,
                        where,
                        "Parentheses nest at most " + MAX_DEPTH + " deep.",
                        "Write a flatter expression.");
            }
            pos++;
            Expr inner = sum(depth + 1);
            space();
            if (!peek(')')) {
                throw error("Missing ')'");
            }
            pos++;
            return inner;
        }
        if (Character.isDigit(c) || c == '.') {
            int start = pos;
            while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
                pos++;
            }
            String number = text.substring(start, pos);
            if (!number.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+") || number.length() > 40) {
                throw error("'" + Arguments.echo(number) + "' is no number", start);
            }
            count();
            return new Expr.Constant(new BigDecimal(number));
        }
        if (Character.isLetter(c) || c == '_') {
            int start = pos;
            while (pos < text.length()
                    && (Character.isLetterOrDigit(text.charAt(pos))
                            || text.charAt(pos) == '_'
                            || text.charAt(pos) == '.')) {
                pos++;
            }
            String name = text.substring(start, pos);
            space();
            if (peek('(')) {
                throw QueryException.of(
                        ErrorCode.INVALID_OPERAND,
                        where,
                        "Functions such as '" + Arguments.echo(name) + "(...)' are not supported in an expression.",
                        "Write " + FORM + "; round or convert the result yourself.");
            }
            count();
            return new Expr.Field(fields.apply(name));
        }
        throw error("Unexpected '" + c + "'");
    }

    private Expr binary(Expr.Operator op, Expr left, Expr right) {
        count();
        if (left instanceof Expr.Constant a && right instanceof Expr.Constant b && op != Expr.Operator.DIVIDE) {
            return new Expr.Constant(
                    switch (op) {
                        case ADD -> a.value().add(b.value());
                        case SUBTRACT -> a.value().subtract(b.value());
                        default -> a.value().multiply(b.value());
                    });
        }
        return new Expr.Binary(op, left, right);
    }

    /** The expression as the tool names it: single spaces around operators, parentheses only where needed. */
    static String text(Expr e) {
        return e.accept(new Expr.Visitor<String>() {
            @Override
            public String field(Expr.Field field) {
                return field.path().toString();
            }

            @Override
            public String constant(Expr.Constant constant) {
                return constant.value().toPlainString();
            }

            @Override
            public String negate(Expr.Negate negate) {
                String inner = negate.operand().accept(this);
                return negate.operand() instanceof Expr.Binary ? "-(" + inner + ")" : "-" + inner;
            }

            @Override
            public String binary(Expr.Binary binary) {
                int rank = rank(binary);
                String left = binary.left().accept(this);
                String right = binary.right().accept(this);
                return (rank(binary.left()) < rank ? "(" + left + ")" : left)
                        + " " + binary.operator().symbol() + " "
                        + (rank(binary.right()) <= rank ? "(" + right + ")" : right);
            }
        });
    }

    /** 1 for + and -, 2 for * and /, 3 for the rest. */
    private static int rank(Expr e) {
        if (e instanceof Expr.Binary b) {
            return b.operator() == Expr.Operator.ADD || b.operator() == Expr.Operator.SUBTRACT ? 1 : 2;
        }
        return 3;
    }

    private static boolean readsField(Expr e) {
        return e.accept(new Expr.Visitor<Boolean>() {
            @Override
            public Boolean field(Expr.Field field) {
                return true;
            }

            @Override
            public Boolean constant(Expr.Constant constant) {
                return false;
            }

            @Override
            public Boolean negate(Expr.Negate negate) {
                return negate.operand().accept(this);
            }

            @Override
            public Boolean binary(Expr.Binary binary) {
                return binary.left().accept(this) || binary.right().accept(this);
            }
        });
    }

    private void count() {
        if (++nodes > MAX_NODES) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    where,
                    "An expression has at most " + MAX_NODES + " fields, numbers and operators.",
                    "Compute the parts in separate metrics.");
        }
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private QueryException error(String what) {
        return error(what, pos);
    }

    private QueryException error(String what, int at) {
        return QueryException.of(
                ErrorCode.INVALID_OPERAND,
                where,
                what + " at character " + (at + 1) + " of the expression.",
                "Write " + FORM + ".");
    }
}
