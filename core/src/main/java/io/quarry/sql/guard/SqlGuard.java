package io.quarry.sql.guard;

import static java.util.Objects.requireNonNull;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.schema.Schema;
import io.quarry.sql.Dialect;
import io.quarry.sql.Sql;
import io.quarry.sql.StoreMapping;
import io.quarry.store.Scope;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Checks and scopes one read-only SQL statement a model wrote, as {@code run_readonly_sql} does; a
 * host may call it on SQL of its own, as it would the filter compiler.
 *
 * <p>The statement is parsed with JSqlParser and must be exactly one {@code SELECT} ({@code WITH} of
 * {@code SELECT}s, {@code UNION}/{@code INTERSECT}/{@code EXCEPT}, subqueries, joins, window
 * functions, {@code GROUP BY} and {@code HAVING} are allowed). It may name only the schema's types as
 * relations and their exposed fields (plus {@code id}, {@code created_at}, {@code updated_at}) as
 * columns, and call only the dialect's allowed functions. The statement that runs is written anew
 * from the parsed tree: each relation becomes a subquery holding only the scope's rows and the
 * allowed columns, identifiers are quoted by the dialect, literal numbers and strings become binds,
 * and the outer {@code LIMIT} is capped. Everything else is refused with a {@link QueryException}
 * whose error names the construct and its position ({@code sql@line:column}).
 *
 * <pre>{@code
 * SqlGuard guard = SqlGuard.of(schema, StoreMapping.graph("org_id"), new PostgresDialect());
 * Sql sql = guard.check("SELECT status, count(*) FROM Task GROUP BY status", Scope.of("org_id", "acme"), 100);
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class SqlGuard {
    /** The longest statement accepted, in characters. */
    public static final int MAX_LENGTH = 20_000;

    private static final Pattern POSITION = Pattern.compile("line (\\d+), column (\\d+)");
    private static final Set<String> STATEMENT_WORDS = Set.of(
            "insert",
            "update",
            "delete",
            "merge",
            "upsert",
            "replace",
            "create",
            "alter",
            "drop",
            "truncate",
            "rename",
            "grant",
            "revoke",
            "commit",
            "rollback",
            "begin",
            "start",
            "savepoint",
            "release",
            "set",
            "reset",
            "copy",
            "call",
            "exec",
            "execute",
            "do",
            "load",
            "lock",
            "unlock",
            "handler",
            "analyze",
            "vacuum",
            "attach",
            "detach",
            "pragma",
            "reindex",
            "listen",
            "notify",
            "prepare",
            "deallocate",
            "declare",
            "fetch",
            "move",
            "close",
            "discard",
            "checkpoint",
            "cluster",
            "comment",
            "security",
            "import",
            "export",
            "use",
            "show",
            "describe",
            "explain",
            "kill",
            "flush",
            "purge",
            "install",
            "uninstall",
            "shutdown",
            "backup",
            "restore",
            "runscript",
            "script",
            "refresh",
            "values",
            "table");

    private final Relations relations;
    private final Dialect dialect;

    private SqlGuard(Relations relations, Dialect dialect) {
        this.relations = relations;
        this.dialect = dialect;
    }

    /**
     * A guard for a schema over a store mapping in a dialect: the graph layout exposes one relation
     * per type (its fields read from the JSON properties as the dialect reads them), the table layout
     * one per type table; hidden fields are never columns.
     */
    public static SqlGuard of(Schema schema, StoreMapping mapping, Dialect dialect) {
        requireNonNull(schema, "schema");
        requireNonNull(mapping, "mapping");
        requireNonNull(dialect, "dialect");
        return new SqlGuard(new Relations(schema, mapping, dialect), dialect);
    }

    /** The relations a statement may name, in schema order. */
    public List<String> relations() {
        return relations.names();
    }

    /** The columns of a relation, in {@code *} order; empty for an unknown name. */
    public List<String> columns(String relation) {
        Relation r = relations.find(relation);
        return r == null ? List.of() : r.columns();
    }

    /**
     * Checks a statement and writes the statement that runs instead of it.
     *
     * @param sql the statement, one {@code SELECT}; a trailing semicolon is allowed
     * @param scope the host's scope; every relation reads only its rows
     * @param maxRows the outer {@code LIMIT}: added when the statement has none, and the cap of its own
     * @return the statement to run, with every value a bind
     * @throws QueryException naming the first problem: {@code INVALID_SQL}, {@code SQL_NOT_ALLOWED},
     *     {@code UNKNOWN_TYPE}, {@code UNKNOWN_FIELD}, {@code FORBIDDEN_FIELD} or {@code LIMIT_EXCEEDED}
     */
    public Sql check(String sql, Scope scope, int maxRows) {
        return check(sql, scope, maxRows, Clock.systemUTC());
    }

    /**
     * {@link #check(String, Scope, int)} with {@code CURRENT_DATE}, {@code CURRENT_TIMESTAMP}, {@code
     * NOW()} (and SQLite's {@code 'now'}, PostgreSQL's {@code 'today'}) read from a clock of the host's,
     * in UTC, rather than the database's: a toolkit passes its call's clock, so this tool's "today" is
     * every other tool's.
     *
     * @param clock the clock the statement's current date and time are read from
     */
    public Sql check(String sql, Scope scope, int maxRows, Clock clock) {
        requireNonNull(scope, "scope");
        requireNonNull(clock, "clock");
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive");
        }
        if (sql == null || sql.isBlank()) {
            throw QueryException.of(ErrorCode.INVALID_SQL, "sql", "The SQL is empty.", null);
        }
        if (sql.length() > MAX_LENGTH) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    "sql",
                    "The SQL is " + sql.length() + " characters long; the limit is " + MAX_LENGTH + ".",
                    "Ask a smaller question, or split it into several calls.");
        }
        int conditional = sql.indexOf("/*!");
        if (conditional >= 0) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    position(sql, conditional),
                    "This statement holds a MySQL executable comment (/*! … */), which run_readonly_sql does not run.",
                    "Remove the comment.");
        }
        if (sql.indexOf('\u0000') >= 0) {
            throw QueryException.of(
                    ErrorCode.INVALID_SQL,
                    position(sql, sql.indexOf('\u0000')),
                    "The SQL holds a NUL character.",
                    null);
        }
        Statements statements;
        try {
            statements = CCJSqlParserUtil.parseStatements(sql);
        } catch (JSQLParserException | RuntimeException | StackOverflowError e) {
            throw unparsable(sql, e);
        }
        List<Statement> list = statements == null ? List.of() : statements;
        if (list.size() != 1) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    "sql",
                    list.isEmpty()
                            ? "The SQL holds no statement."
                            : "The SQL holds " + list.size() + " statements; run_readonly_sql runs exactly one.",
                    "Send one SELECT, without a semicolon between statements.");
        }
        Statement statement = list.get(0);
        if (!(statement instanceof Select select)) {
            String word = statement.getClass().getSimpleName().toUpperCase(Locale.ROOT);
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    "sql",
                    "This is a " + word.replace("STATEMENT", "") + " statement; run_readonly_sql runs only one SELECT.",
                    null);
        }
        try {
            return new Rewriter(relations, dialect, scope, clock).top(select, maxRows);
        } catch (StackOverflowError e) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED, "sql", "The statement nests too deeply.", "Write a flatter statement.");
        }
    }

    /**
     * The error for the database's refusal of a statement this guard wrote (a function that takes no
     * arguments of those types, a cast, an operator's operand types, GROUP BY, a subquery of several
     * rows, a division by zero, …), read from the dialect's SQLSTATE and error code: {@code
     * INVALID_SQL} saying which part to change, never the driver's message (only a function's and
     * types' names are taken from it).
     */
    public QueryException refusal(java.sql.SQLException e) {
        requireNonNull(e, "e");
        return Refusals.explain(e, dialect.name().equals("mariadb") ? "mysql" : dialect.name());
    }

    private static QueryException unparsable(String sql, Throwable e) {
        String first = firstWord(sql);
        if (STATEMENT_WORDS.contains(first)) {
            return QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    "sql",
                    "This is a " + first.toUpperCase(Locale.ROOT)
                            + " statement; run_readonly_sql runs only one SELECT.",
                    null);
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        Matcher m = POSITION.matcher(message);
        String path = m.find() ? "sql@" + m.group(1) + ":" + m.group(2) : "sql";
        return QueryException.of(
                ErrorCode.INVALID_SQL,
                path,
                "The SQL does not parse"
                        + (path.equals("sql") ? "" : " at line " + m.group(1) + ", column " + m.group(2)) + ".",
                "Write one standard SELECT: SELECT columns FROM relation [JOIN …] [WHERE …] [GROUP BY …] [ORDER BY …] [LIMIT n].");
    }

    /** The first word of the SQL after blanks, comments and parentheses, lower case. */
    private static String firstWord(String sql) {
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == '(' || c == ';') {
                i++;
            } else if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else {
                break;
            }
        }
        int start = i;
        while (i < n && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return sql.substring(start, i).toLowerCase(Locale.ROOT);
    }

    private static String position(String sql, int index) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < index; i++) {
            if (sql.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return "sql@" + line + ":" + column;
    }
}
