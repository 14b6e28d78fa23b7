package io.quarry.sql.guard;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A database's refusal of a statement the guard wrote, as an error the model can act on: which part
 * to change (a function and its argument types, a cast, the operands of an operator, GROUP BY, a
 * subquery, a division), read from the dialect's SQLSTATE and error code. The driver's message never
 * reaches the model: only a function name and type names are taken from it, never a value.
 */
final class Refusals {
    private Refusals() {}

    /** Type names as the databases write them: letters, digits, spaces, commas, parentheses and brackets. */
    private static final String TYPES = "([A-Za-z0-9_ ,()\\[\\]]{0,120})";

    private static final Pattern PG_FUNCTION = Pattern.compile("function (\\w+)\\(" + TYPES + "\\) does not exist");
    private static final Pattern PG_OPERATOR = Pattern.compile("operator does not exist: " + TYPES);
    private static final Pattern PG_CAST = Pattern.compile("cannot cast type " + TYPES + " to " + TYPES);
    private static final Pattern PG_INPUT = Pattern.compile("invalid input syntax for type " + TYPES + ":");
    private static final Pattern PG_UNMATCHED =
            Pattern.compile("(CASE|COALESCE|UNION|INTERSECT|EXCEPT|GREATEST|LEAST|NULLIF) types " + TYPES + " and "
                    + TYPES + " cannot be matched");
    private static final Pattern SQLITE_NO_FUNCTION = Pattern.compile("no such function: (\\w+)");
    private static final Pattern SQLITE_ARGUMENTS =
            Pattern.compile("wrong number of arguments to function (\\w+)\\(\\)");
    private static final Pattern H2_FUNCTION = Pattern.compile("(?:Function|Method) \"?(\\w+)\"?");
    private static final Pattern MARIADB_FUNCTION =
            Pattern.compile("(?:FUNCTION|function) [\\w.]*?(\\w+) does not exist");
    private static final Pattern MARIADB_ARGUMENTS = Pattern.compile("native function '(\\w+)'");

    /** The error for a database's refusal of a guarded statement on a dialect ({@code h2}, {@code sqlite}, …). */
    static QueryException explain(SQLException e, String dialect) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        int code = e.getErrorCode();
        String message = e.getMessage() == null ? "" : e.getMessage();
        String lower = message.toLowerCase(Locale.ROOT);
        Matcher m;
        // the kinds every database has, by SQLSTATE first, then by the dialect's codes and wording
        if (state.equals("22012") || lower.contains("division by zero") || lower.contains("divide by zero")) {
            return error(
                    "The statement divides by zero.",
                    "Divide by NULLIF(divisor, 0), so that a zero divisor gives NULL.");
        }
        if (state.equals("21000")
                || code == 1242
                || code == 90053
                || lower.contains("more than one row returned by a subquery")) {
            return error(
                    "A subquery used as a value returned more than one row.",
                    "Make it return one row (an aggregate such as max(), or LIMIT 1), or compare with IN or EXISTS.");
        }
        if (lower.contains("aggregate function calls cannot be nested")
                || lower.contains("misuse of aggregate")
                || code == 1111
                || code == 90054
                || lower.contains("aggregate functions are not allowed")
                || (dialect.equals("h2") && lower.contains("nested aggregate"))) {
            return error(
                    "An aggregate is used where the database does not allow one: nested (max(count(*))), in"
                            + " WHERE, or in GROUP BY.",
                    "Aggregate in a subquery or WITH query first, then aggregate its column; filter aggregates"
                            + " with HAVING.");
        }
        if (state.equals("42803") || code == 90016 || code == 1055 || lower.contains("must appear in the group by")) {
            return error(
                    "A selected column is neither in GROUP BY nor inside an aggregate.",
                    "Add the column to GROUP BY, or wrap it in an aggregate such as max(column).");
        }
        if ((m = PG_FUNCTION.matcher(message)).find()) {
            return error(
                    "The function " + m.group(1) + " takes no arguments of the types ("
                            + m.group(2).trim() + ") on this database.",
                    "CAST the arguments to the types " + m.group(1) + " takes (for example round(CAST(x AS numeric),"
                            + " 2), substr(CAST(x AS text), 1, 3)), or count them again.");
        }
        if ((m = PG_UNMATCHED.matcher(message)).find()) {
            String what =
                    switch (m.group(1)) {
                        case "CASE" -> "The branches of a CASE are";
                        case "UNION", "INTERSECT", "EXCEPT" -> "A column of the " + m.group(1) + "'s queries is";
                        default -> "The arguments of " + m.group(1).toLowerCase(Locale.ROOT) + " are";
                    };
            return error(
                    what + " of types " + m.group(2).trim() + " and "
                            + m.group(3).trim() + ", which this database does not mix.",
                    "Give every branch (argument) one type: CAST the others, e.g. CAST(priority AS text) beside"
                            + " 'none', or a number beside a number.");
        }
        // H2 50004 (SQLSTATE HY004), PostgreSQL 42P18 and 42725 on an argument of type unknown: an untyped
        // NULL (or a column of a subquery that is only NULL) where the type decides what runs
        if (state.equals("42P18")
                || code == 50004
                || state.equals("HY004")
                || lower.contains("could not determine data type")
                || (state.equals("42725") && lower.contains("unknown"))) {
            return error(
                    "The database cannot tell the type of a NULL or a literal in this statement (sum(NULL), -NULL,"
                            + " coalesce(NULL, NULL), a subquery column that is only NULL).",
                    "CAST it to the type you mean: CAST(NULL AS integer), CAST(NULL AS text), CAST('7' AS integer).");
        }
        if (code == 90015) {
            return error(
                    "sum or avg is applied to a value that is not a number (text, a boolean or an untyped NULL).",
                    "Aggregate a numeric column, or CAST the value: sum(CAST(x AS numeric)), avg(CAST(x AS"
                            + " integer)).");
        }
        if (state.equals("42804") && lower.contains("must be type boolean")) {
            return error(
                    "A condition (WHERE, HAVING, ON, CASE WHEN or NOT) is a value, not true or false.",
                    "Write a comparison: WHERE priority > 0, not WHERE priority.");
        }
        if ((m = PG_OPERATOR.matcher(message)).find()) {
            return error(
                    "An operator is used on operands of types it does not take: "
                            + m.group(1).trim() + ".",
                    "Compare numbers with numbers, text with quoted text and dates with dates: CAST one side"
                            + " (CAST(x AS text), CAST('2024-03-01' AS date)).");
        }
        if ((m = PG_CAST.matcher(message)).find()) {
            return error(
                    "The database cannot CAST " + m.group(1).trim() + " to "
                            + m.group(2).trim() + ".",
                    "CAST to text first, or to another type of the allowed list.");
        }
        Matcher input = PG_INPUT.matcher(message);
        boolean typed = input.find();
        if (typed || state.equals("22018") || state.equals("22P02") || code == 1292 || code == 1366) {
            String type = typed ? " as " + input.group(1).trim() : "";
            return error(
                    "A value cannot be read" + type + ": a CAST or a comparison converts text that is not of the"
                            + " type it needs.",
                    "Compare with a literal of the column's type (numbers unquoted, dates as 'YYYY-MM-DD'), or"
                            + " CAST the column to text instead of the text to a number.");
        }
        if (state.startsWith("22003")
                || code == 1690
                || lower.contains("out of range")
                || lower.contains("integer overflow")) {
            return error(
                    "A number is too large for its type.",
                    "CAST to numeric (or double) before the arithmetic, or use smaller numbers.");
        }
        if (state.startsWith("22007") || state.startsWith("22008") || lower.contains("invalid datetime")) {
            return error(
                    "A date or time value is invalid or out of range.",
                    "Write dates as 'YYYY-MM-DD' and date-times as 'YYYY-MM-DD HH:MM:SS'.");
        }
        if ((m = SQLITE_NO_FUNCTION.matcher(message)).find()
                || (dialect.equals("mysql") && (m = MARIADB_FUNCTION.matcher(message)).find())
                || (dialect.equals("h2") && (code == 90022) && (m = H2_FUNCTION.matcher(message)).find())) {
            return error(
                    "This database has no function " + m.group(1) + ".",
                    "Use a function of the allowed list for this dialect; run_readonly_sql's error for an"
                            + " unknown function lists them.");
        }
        if ((m = SQLITE_ARGUMENTS.matcher(message)).find()
                || (dialect.equals("mysql") && (m = MARIADB_ARGUMENTS.matcher(message)).find())
                || (dialect.equals("h2")
                        && (code == 7001 || code == 90087)
                        && (m = H2_FUNCTION.matcher(message)).find())) {
            return error(
                    "The function " + m.group(1) + " takes another number of arguments, or arguments of other"
                            + " types.",
                    "Count the arguments again (substr(text, start, length), round(number, digits)) and CAST them"
                            + " to the types the function takes.");
        }
        if (code == 18 || lower.contains("string or blob too big")) {
            return error(
                    "A value grew beyond what the database holds.", "Build shorter texts, or aggregate fewer rows.");
        }
        if (state.startsWith("42") || code == 1064 || state.equals("HY000") && dialect.equals("sqlite")) {
            return error(
                    "The database could not run the statement as written (SQLSTATE "
                            + (state.isEmpty() ? "none" : state)
                            + "): a function, a cast or an operator it does not accept for these types.",
                    "Check each function's arguments and each comparison's types (numbers with numbers, text with"
                            + " quoted text), CAST where the types differ, and use only the allowed functions.");
        }
        return error(
                "The database could not run the statement (SQLSTATE " + (state.isEmpty() ? "none" : state) + ").",
                "Check the column types in the description (compare numbers with numbers, text with quoted text)"
                        + " and use only functions this database has.");
    }

    private static QueryException error(String message, String hint) {
        return QueryException.of(ErrorCode.INVALID_SQL, "sql", message, hint);
    }
}
