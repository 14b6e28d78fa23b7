package io.quarry.sql.guard;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.Suggestions;
import io.quarry.schema.Names;
import io.quarry.sql.Dialect;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlWriter;
import io.quarry.store.Scope;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Concat;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.parser.ASTNodeAccess;
import net.sf.jsqlparser.parser.SimpleNode;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperation;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * Writes a parsed statement again, from an allow-list of JSqlParser nodes only: every relation
 * becomes its scoped subquery, every identifier is checked and quoted by the dialect, every literal
 * number and string becomes a bind, and any node not handled here is refused by name. The text the
 * model wrote never reaches the database; only what this class writes does.
 */
final class Rewriter {
    private static final Set<String> SYSTEM_SCHEMAS = Set.of(
            "information_schema",
            "pg_catalog",
            "pg_toast",
            "mysql",
            "sys",
            "performance_schema",
            "sqlite_master",
            "sqlite_schema",
            "sqlite_temp_master");
    private static final Set<String> CAST_TYPES = Set.of(
            "integer",
            "int",
            "bigint",
            "smallint",
            "numeric",
            "decimal",
            "real",
            "float",
            "double",
            "text",
            "varchar",
            "char",
            "date",
            "timestamp",
            "timestamp with time zone",
            "timestamptz",
            "boolean",
            "signed",
            "unsigned");
    private static final Set<String> EXTRACT_FIELDS =
            Set.of("year", "month", "day", "hour", "minute", "second", "quarter", "week", "dow", "doy", "epoch");
    private static final Set<String> TIME_KEYS = Set.of("CURRENT_DATE", "CURRENT_TIMESTAMP", "CURRENT_TIME");
    /** How deeply queries and expressions may nest; far over what a question needs, far under the stack. */
    static final int MAX_DEPTH = 40;
    /** The most characters of WITH queries written out at their references (each reference is a copy). */
    static final int MAX_INLINED = 400_000;
    /**
     * The most column copies a statement may expand to: a reference to a subquery's or WITH query's
     * column stands for every column its expression names (the database merges the subquery into its
     * reader and copies the expression where it is named), so a chain of queries each naming the
     * previous one's column 8 times is 8^depth copies (six such WITH queries of 2 KB planned for 3.5 s
     * on PostgreSQL 15).
     */
    static final int MAX_COPIES = 10_000;

    private final Relations relations;
    private final Dialect d;
    private final String dialect;
    private final Scope scope;
    /** The toolkit's clock: CURRENT_DATE, CURRENT_TIMESTAMP, NOW() and SQLite's 'now' read it, not the database's. */
    private final java.time.Clock clock;

    private final Deque<Level> levels = new ArrayDeque<>();
    private final Deque<Map<String, Cte>> ctes = new ArrayDeque<>();
    private int depth;
    /** How many FROM entries have been named; each gets the next generated alias. */
    private int entries;
    /** Characters of WITH queries written out at their references, against {@link #MAX_INLINED}. */
    private long inlined;
    /** Column copies the statement expands to so far, against {@link #MAX_COPIES}. */
    private long copies;
    /** Column copies of the select item being written (with what it nests). */
    private long itemCopies;
    /** Whether the column last written holds the store's timestamps. */
    private boolean instantColumn;
    /** The names the next query's select items take (a WITH column list), or null. */
    private List<String> forcedNames;

    Rewriter(Relations relations, Dialect dialect, Scope scope, java.time.Clock clock) {
        this.relations = relations;
        this.d = dialect;
        this.dialect = dialect.name().equals("mariadb") ? "mysql" : dialect.name();
        this.scope = scope;
        this.clock = clock;
    }

    /**
     * One FROM entry: the name the statement gives it (lower case), the alias the guard writes for it
     * (generated, so the database resolves no name of the model's to a table of its own), its columns,
     * and the relation it reads (if a relation).
     */
    private record Entry(String alias, String sql, List<String> columns, List<Long> copies, Relation relation) {
        /** The column copies one reference to a column stands for (1 for a relation's column). */
        long copiesOf(String canonical) {
            if (copies == null) {
                return 1;
            }
            int i = columns.indexOf(canonical);
            return i < 0 || i >= copies.size() ? 1 : copies.get(i);
        }
    }

    /**
     * A query's output: its column names and, for each, the column copies one reference to it stands
     * for (what its expression names, at least 1).
     */
    private record Out(List<String> names, List<Long> copies) {
        static final Out NONE = new Out(List.of(), List.of());
    }

    /**
     * A WITH query, written once and inlined as a subquery wherever it is named; {@code cost} is the
     * column copies its body expands to, counted again at each reference.
     */
    private record Cte(Sql body, Out out, long cost) {}

    /** The FROM entries of one query level and its output names (for ORDER BY, GROUP BY and HAVING). */
    private static final class Level {
        final List<Entry> entries = new ArrayList<>();
        final List<String> outputs = new ArrayList<>();
    }

    /** The whole statement with an outer LIMIT of at most {@code limit}. */
    Sql top(Select select, int limit) {
        SqlWriter w = new SqlWriter();
        select(select, w, limit);
        return w.toSql();
    }

    // ---- queries

    /** Writes a query; {@code cap} > 0 caps (or adds) its LIMIT. Returns its output column names. */
    private Out select(Select s, SqlWriter w, int cap) {
        enter(s);
        ctes.push(new HashMap<>());
        try {
            refuseCommon(s);
            // no WITH reaches the database: each query is a subquery where it is named, so no name the
            // model chose is one the database could resolve (H2 resolves a table before a CTE of its name)
            if (s.getWithItemsList() != null) {
                for (WithItem<?> item : s.getWithItemsList()) {
                    with(item);
                }
            }
            Out out;
            Level orderLevel;
            if (s instanceof PlainSelect p) {
                Level level = new Level();
                levels.push(level);
                try {
                    out = plain(p, w);
                    level.outputs.addAll(out.names());
                    orderBy(s.getOrderByElements(), p, w);
                } finally {
                    levels.pop();
                }
            } else if (s instanceof SetOperationList list) {
                out = setOperations(list, w);
                orderLevel = new Level();
                orderLevel.outputs.addAll(out.names());
                levels.push(orderLevel);
                try {
                    orderBy(s.getOrderByElements(), w);
                } finally {
                    levels.pop();
                }
            } else if (s instanceof ParenthesedSelect ps && !(s instanceof LateralSubSelect)) {
                if (ps.getAlias() != null) {
                    throw refused(s, "an alias on a parenthesized query outside FROM");
                }
                w.append("SELECT * FROM (");
                out = select(ps.getSelect(), w, 0);
                w.append(") ").append(d.quoteIdentifier("quarry_q"));
                Level level = new Level();
                level.outputs.addAll(out.names());
                levels.push(level);
                try {
                    orderBy(s.getOrderByElements(), w);
                } finally {
                    levels.pop();
                }
            } else {
                throw refused(s, construct(s));
            }
            limit(s, w, cap);
            return out;
        } finally {
            ctes.pop();
            leave();
        }
    }

    private void with(WithItem<?> item) {
        if (item.isRecursive()) {
            throw refused(null, "WITH RECURSIVE");
        }
        if (!(item.getParenthesedStatement() instanceof ParenthesedSelect)) {
            String what = item.getParenthesedStatement() == null
                    ? "a statement"
                    : item.getParenthesedStatement()
                            .getClass()
                            .getSimpleName()
                            .replace("Parenthesed", "")
                            .toUpperCase(Locale.ROOT);
            throw refused(null, "a data-modifying WITH (" + what + ")");
        }
        String name = identifier(item.getAliasName(), null, "WITH name").toLowerCase(Locale.ROOT);
        List<String> declared = null;
        if (item.getWithItemList() != null && !item.getWithItemList().isEmpty()) {
            declared = new ArrayList<>();
            for (SelectItem<?> c : item.getWithItemList()) {
                if (!(c.getExpression() instanceof Column col) || c.getAlias() != null) {
                    throw refused(c, "a WITH column list other than names");
                }
                declared.add(identifier(col.getColumnName(), col, "column name"));
            }
        }
        SqlWriter body = new SqlWriter();
        forcedNames = declared;
        Out out;
        long before = copies;
        try {
            out = select(item.getSelect().getSelect(), body, 0);
        } finally {
            forcedNames = null;
        }
        // its body is planned once per reference: counted there, not here
        long cost = copies - before;
        copies = before;
        ctes.peek().put(name, new Cte(body.toSql(), out, cost));
    }

    private Out setOperations(SetOperationList list, SqlWriter w) {
        Out out = null;
        for (int i = 0; i < list.getSelects().size(); i++) {
            if (i > 0) {
                SetOperation op = list.getOperation(i - 1);
                if (op instanceof UnionOp u) {
                    w.append(u.isAll() ? " UNION ALL " : " UNION ");
                } else {
                    String name = op.toString().trim().toUpperCase(Locale.ROOT);
                    if (name.equals("INTERSECT") || name.equals("EXCEPT")) {
                        w.append(" ").append(name).append(" ");
                    } else {
                        throw refused(op, name);
                    }
                }
            }
            Select part = list.getSelect(i);
            boolean parens = part instanceof ParenthesedSelect;
            Select body = parens ? ((ParenthesedSelect) part).getSelect() : part;
            if (parens && ((ParenthesedSelect) part).getAlias() != null) {
                throw refused(part, "an alias on a UNION branch");
            }
            // a branch in parentheses keeps its own ORDER BY/LIMIT; SQLite refuses the parentheses, so
            // a branch is written bare and a branch with its own ORDER BY or LIMIT becomes a subquery
            if (body.getOrderByElements() != null || body.getLimit() != null || body.getOffset() != null) {
                w.append("SELECT * FROM (");
                Out o = select(body, w, 0);
                w.append(") ").append(d.quoteIdentifier("quarry_u" + i));
                out = out == null ? o : sum(out, o);
            } else {
                Out o = select(body, w, 0);
                out = out == null ? o : sum(out, o);
            }
        }
        return out == null ? Out.NONE : out;
    }

    /** A set operation's output: the first branch's names, each column the copies of every branch's. */
    private static Out sum(Out a, Out b) {
        List<Long> c = new ArrayList<>(a.copies());
        for (int i = 0; i < c.size() && i < b.copies().size(); i++) {
            c.set(i, c.get(i) + b.copies().get(i));
        }
        return new Out(a.names(), c);
    }

    private Out plain(PlainSelect p, SqlWriter w) {
        refusePlain(p);
        List<String> names = forcedNames;
        forcedNames = null;
        if (names != null && names.size() != p.getSelectItems().size()) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(p),
                    "The WITH column list names " + names.size() + " columns; its query selects "
                            + p.getSelectItems().size() + ".",
                    "Name as many columns as the query selects, or leave the list out and use AS in the query.");
        }
        Level level = levels.peek();
        // FROM first: the select list resolves against it, but is written before it
        SqlWriter from = new SqlWriter();
        if (p.getFromItem() != null) {
            from.append(" FROM ");
            fromItem(p.getFromItem(), from, level);
            if (p.getJoins() != null) {
                for (Join j : p.getJoins()) {
                    join(j, from, level);
                }
            }
        }
        w.append("SELECT ");
        Distinct distinct = p.getDistinct();
        if (distinct != null) {
            if (distinct.getOnSelectItems() != null
                    && !distinct.getOnSelectItems().isEmpty()) {
                throw refused(null, "DISTINCT ON");
            }
            if (distinct.isUseUnique()) {
                throw refused(null, "SELECT UNIQUE");
            }
            w.append("DISTINCT ");
        }
        List<String> out = new ArrayList<>();
        List<Long> outCopies = new ArrayList<>();
        boolean first = true;
        for (SelectItem<?> item : p.getSelectItems()) {
            w.append(first ? "" : ", ");
            first = false;
            selectItem(item, w, level, out, outCopies, names == null ? null : names.get(out.size()));
        }
        w.append(from.toSql());
        if (p.getWhere() != null) {
            w.append(" WHERE ");
            expr(p.getWhere(), w);
        }
        GroupByElement g = p.getGroupBy();
        if (g != null) {
            if ((g.getGroupingSets() != null && !g.getGroupingSets().isEmpty()) || g.isMysqlWithRollup()) {
                throw refused(null, "GROUPING SETS or WITH ROLLUP");
            }
            level.outputs.addAll(out);
            w.append(" GROUP BY ");
            first = true;
            for (Object o : g.getGroupByExpressionList()) {
                w.append(first ? "" : ", ");
                first = false;
                groupBy((Expression) o, p, out, w);
            }
        }
        if (p.getHaving() != null) {
            level.outputs.addAll(out);
            w.append(" HAVING ");
            expr(p.getHaving(), w);
        }
        level.outputs.clear();
        return new Out(out, outCopies);
    }

    private void selectItem(
            SelectItem<?> item, SqlWriter w, Level level, List<String> out, List<Long> outCopies, String forced) {
        Expression e = item.getExpression();
        if (forced != null && e instanceof AllColumns) {
            throw refused(e, "a WITH column list over *");
        }
        if (e instanceof AllTableColumns all) {
            refuseStarExtras(all);
            Entry entry = entry(all.getTable().getName(), all.getTable());
            w.append(d.quoteIdentifier(entry.sql())).append(".*");
            out.addAll(entry.columns());
            entry.columns().forEach(col -> outCopies.add(entry.copiesOf(col)));
            return;
        }
        if (e instanceof AllColumns all) {
            refuseStarExtras(all);
            if (level.entries.isEmpty()) {
                throw refused(all, "* without FROM");
            }
            w.append("*");
            level.entries.forEach(en -> {
                out.addAll(en.columns());
                en.columns().forEach(col -> outCopies.add(en.copiesOf(col)));
            });
            return;
        }
        long outer = itemCopies;
        itemCopies = 0;
        String name;
        try {
            name = expr(e, w);
        } finally {
            long mine = itemCopies;
            itemCopies = outer + mine;
            outCopies.add(Math.max(1, mine));
        }
        if (forced != null) {
            w.append(" AS ").append(d.quoteIdentifier(forced));
            out.add(forced);
        } else if (item.getAlias() != null) {
            String alias = alias(item.getAlias(), item);
            w.append(" AS ").append(d.quoteIdentifier(alias));
            out.add(alias);
        } else if (name != null) {
            out.add(name);
        }
    }

    private static void refuseStarExtras(AllColumns all) {
        if (all.getExceptColumns() != null || all.getReplaceExpressions() != null) {
            throw refused(all, "* EXCEPT or * REPLACE");
        }
    }

    private void fromItem(FromItem item, SqlWriter w, Level level) {
        enter(item);
        try {
            if (item instanceof Table t) {
                table(t, w, level);
            } else if (item instanceof LateralSubSelect) {
                throw refused(item, "LATERAL");
            } else if (item instanceof ParenthesedSelect ps) {
                if (ps.getPivot() != null || ps.getUnPivot() != null || ps.getSampleClause() != null) {
                    throw refused(item, "PIVOT, UNPIVOT or TABLESAMPLE");
                }
                if (ps.getAlias() == null) {
                    throw QueryException.of(
                            ErrorCode.SQL_NOT_ALLOWED,
                            at(item),
                            "A subquery in FROM needs an alias.",
                            "Write (SELECT …) AS name.");
                }
                String alias = alias(ps.getAlias(), item);
                w.append("(");
                Out out = select(ps.getSelect(), w, 0);
                String sql = nextAlias();
                w.append(") ").append(d.quoteIdentifier(sql));
                level.entries.add(new Entry(alias, sql, out.names(), out.copies(), null));
            } else {
                throw refused(item, construct(item));
            }
        } finally {
            leave();
        }
    }

    private void table(Table t, SqlWriter w, Level level) {
        if (t.getPivot() != null
                || t.getUnPivot() != null
                || t.getSampleClause() != null
                || t.getIndexHint() != null
                || t.getSqlServerHints() != null) {
            throw refused(t, "table hints, PIVOT or TABLESAMPLE");
        }
        String raw = unquote(t.getName());
        String schemaName =
                t.getSchemaName() == null ? null : unquote(t.getSchemaName()).toLowerCase(Locale.ROOT);
        String lower = raw.toLowerCase(Locale.ROOT);
        if (SYSTEM_SCHEMAS.contains(lower)
                || (schemaName != null && SYSTEM_SCHEMAS.contains(schemaName))
                || lower.startsWith("pg_")
                || lower.startsWith("sqlite_")
                || lower.startsWith("information_schema")) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(t),
                    "The system catalog '" + (schemaName != null ? schemaName + "." : "") + raw + "' is not readable.",
                    "Read the schema with get_database_schema; name only the relations it lists: "
                            + String.join(", ", relations.names()) + ".");
        }
        if (schemaName != null
                || present(t.getDatabaseName())
                || t.getFullyQualifiedName().contains("@")) {
            throw refused(t, "a schema- or database-qualified name ('" + t.getFullyQualifiedName() + "')");
        }
        String alias = t.getAlias() == null
                ? identifier(raw, t, "relation name").toLowerCase(Locale.ROOT)
                : alias(t.getAlias(), t);
        for (Map<String, Cte> scopeCtes : ctes) {
            Cte cte = scopeCtes.get(lower);
            if (cte != null) {
                inlined += cte.body().text().length();
                if (inlined > MAX_INLINED) {
                    throw QueryException.of(
                            ErrorCode.LIMIT_EXCEEDED,
                            at(t),
                            "The WITH queries are named so often that the statement written out would be over "
                                    + MAX_INLINED + " characters.",
                            "Name each WITH query fewer times, or join it once and reuse the columns.");
                }
                copy(cte.cost(), t);
                String sql = nextAlias();
                w.append("(").append(cte.body()).append(") ").append(d.quoteIdentifier(sql));
                level.entries.add(
                        new Entry(alias, sql, cte.out().names(), cte.out().copies(), null));
                return;
            }
        }
        Relation r = relations.find(raw);
        if (r == null) {
            List<String> near = Suggestions.nearest(raw, relations.names(), 1);
            throw QueryException.of(
                    ErrorCode.UNKNOWN_TYPE,
                    at(t),
                    "There is no relation '" + raw + "'.",
                    (near.isEmpty() ? "" : "Did you mean '" + near.get(0) + "'? ") + "The relations are: "
                            + String.join(", ", relations.names()) + ".");
        }
        r.source().write(w, scope);
        String sql = nextAlias();
        w.append(" ").append(d.quoteIdentifier(sql));
        level.entries.add(new Entry(alias, sql, r.columns(), null, r));
    }

    /** Counts column copies against {@link #MAX_COPIES}. */
    private void copy(long n, Object node) {
        copies += n;
        if (copies > MAX_COPIES) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    at(node),
                    "The statement names the columns of its WITH queries and subqueries so often that the database"
                            + " would copy their expressions over " + MAX_COPIES + " times (each reference to a"
                            + " computed column stands for every column its expression names).",
                    "Name each computed column fewer times in the query that reads it (2 * x, not x + x), or compute"
                            + " the value in one query instead of through a chain of WITH queries.");
        }
    }

    /** The next alias the guard writes for a FROM entry: {@code quarry_t1}, {@code quarry_t2}, … */
    private String nextAlias() {
        return "quarry_t" + ++entries;
    }

    private void join(Join j, SqlWriter w, Level level) {
        if (j.isNatural()
                || j.isApply()
                || j.isSemi()
                || j.isStraight()
                || j.isGlobal()
                || j.isWindowJoin()
                || j.getJoinHint() != null) {
            throw refused(j, "this kind of join (" + j.toString().split(" ")[0] + ")");
        }
        if (j.isSimple() || j.isCross()) {
            w.append(" CROSS JOIN ");
        } else if (j.isLeft()) {
            w.append(" LEFT JOIN ");
        } else if (j.isRight()) {
            w.append(" RIGHT JOIN ");
        } else if (j.isFull()) {
            w.append(" FULL JOIN ");
        } else {
            w.append(" JOIN ");
        }
        fromItem(j.getRightItem(), w, level);
        boolean hasOn = j.getOnExpressions() != null && !j.getOnExpressions().isEmpty();
        boolean hasUsing = j.getUsingColumns() != null && !j.getUsingColumns().isEmpty();
        if ((j.isSimple() || j.isCross()) && (hasOn || hasUsing)) {
            throw refused(j, "ON after a cross join");
        }
        if (hasOn) {
            if (j.getOnExpressions().size() > 1) {
                throw refused(j, "several ON clauses");
            }
            w.append(" ON ");
            expr(j.getOnExpressions().iterator().next(), w);
        } else if (hasUsing) {
            w.append(" USING (");
            boolean first = true;
            Entry right = level.entries.get(level.entries.size() - 1);
            for (Column c : j.getUsingColumns()) {
                String name = column(right, identifier(c.getColumnName(), c, "column name"), c);
                w.append(first ? "" : ", ").append(d.quoteIdentifier(name));
                first = false;
            }
            w.append(")");
        } else if (!j.isSimple() && !j.isCross()) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED, at(j), "A JOIN needs ON or USING.", "Write JOIN b ON a.x = b.y.");
        }
    }

    private void orderBy(List<OrderByElement> order, SqlWriter w) {
        orderBy(order, null, w);
    }

    /** ORDER BY of a query; an expression that repeats a select item of {@code p} is its position. */
    private void orderBy(List<OrderByElement> order, PlainSelect p, SqlWriter w) {
        if (order == null || order.isEmpty()) {
            return;
        }
        w.append(" ORDER BY ");
        boolean first = true;
        for (OrderByElement o : order) {
            if (o.isMysqlWithRollup()) {
                throw refused(null, "WITH ROLLUP");
            }
            w.append(first ? "" : ", ");
            first = false;
            int same = sameItem(o.getExpression(), p);
            if (same > 0) {
                w.append(Integer.toString(same));
            } else {
                ordinalOrExpr(o.getExpression(), w);
            }
            if (o.isAscDescPresent()) {
                w.append(o.isAsc() ? " ASC" : " DESC");
            }
            if (o.getNullOrdering() != null) {
                w.append(
                        o.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST
                                ? " NULLS FIRST"
                                : " NULLS LAST");
            }
        }
    }

    /**
     * A GROUP BY entry. H2 reads a number there as a constant, not a position: on H2 a position names
     * its select item instead, by its alias or as the column it is.
     */
    private void groupBy(Expression e, PlainSelect p, List<String> out, SqlWriter w) {
        int same = sameItem(e, p);
        if (same > 0) {
            SelectItem<?> item = p.getSelectItems().get(same - 1);
            if (!dialect.equals("h2")) {
                w.append(Integer.toString(same));
                return;
            } else if (item.getAlias() != null && !shadows(alias(item.getAlias(), item))) {
                w.append(d.quoteIdentifier(alias(item.getAlias(), item)));
                return;
            }
        }
        if (!(e instanceof LongValue n) || !dialect.equals("h2")) {
            ordinalOrExpr(e, w);
            return;
        }
        long v = whole(n, "a column position");
        if (v < 1 || v > p.getSelectItems().size()) {
            throw refused(
                    e, "a column position outside 1.." + p.getSelectItems().size());
        }
        SelectItem<?> item = p.getSelectItems().get((int) v - 1);
        if (item.getAlias() != null) {
            w.append(d.quoteIdentifier(alias(item.getAlias(), item)));
        } else if (item.getExpression() instanceof Column c) {
            column(c, w);
        } else {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(e),
                    "GROUP BY " + v + " names an expression without a name; H2 groups by names, not positions.",
                    "Give the expression a name (… AS name) or repeat it in GROUP BY.");
        }
    }

    /** Whether a name is also a column of the query's FROM entries (H2 would group by the column). */
    private boolean shadows(String name) {
        Level level = levels.peek();
        return level != null
                && level.entries.stream().anyMatch(en -> en.columns().stream().anyMatch(name::equalsIgnoreCase));
    }

    /**
     * The position of the select item a GROUP BY or ORDER BY expression repeats (as written, ignoring
     * case), or 0. Its literals are binds, and a database does not see two binds as one expression:
     * {@code SELECT coalesce(team, 'none') … GROUP BY coalesce(team, 'none')} failed on PostgreSQL and
     * H2 ("must appear in the GROUP BY clause"), so such an expression is written as the position.
     */
    private static int sameItem(Expression e, PlainSelect p) {
        if (e instanceof Column || e instanceof LongValue || p == null) {
            return 0;
        }
        String text = e.toString();
        for (int i = 0; i < p.getSelectItems().size(); i++) {
            Expression item = p.getSelectItems().get(i).getExpression();
            if (item != null && item.toString().equalsIgnoreCase(text)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** A position in GROUP BY or ORDER BY stays a number (a bind would be a constant); anything else is an expression. */
    private void ordinalOrExpr(Expression e, SqlWriter w) {
        if (e instanceof LongValue n) {
            long v = whole(n, "a column position");
            if (v < 1 || v > 1000) {
                throw refused(e, "a column position outside 1..1000");
            }
            w.append(Long.toString(v));
        } else {
            expr(e, w);
        }
    }

    private void limit(Select s, SqlWriter w, int cap) {
        Limit l = s.getLimit();
        Long n = null;
        if (l != null) {
            if (l.getOffset() != null || l.getByExpressions() != null) {
                throw refused(l, "this LIMIT form; write LIMIT n OFFSET m");
            }
            if (!(l.getRowCount() instanceof LongValue v)) {
                throw refused(l, "a LIMIT other than a whole number");
            }
            n = whole(v, "a LIMIT");
        }
        if (cap > 0) {
            n = n == null ? cap : Math.min(n, cap);
        }
        if (n != null) {
            if (n < 0) {
                throw refused(l, "a negative LIMIT");
            }
            w.append(" LIMIT ").append(Long.toString(n));
        }
        if (s.getOffset() != null) {
            if (!(s.getOffset().getOffset() instanceof LongValue v)
                    || whole(v, "an OFFSET") < 0
                    || s.getOffset().getOffsetParam() != null) {
                throw refused(null, "an OFFSET other than a whole number");
            }
            if (n == null) {
                throw refused(null, "OFFSET without LIMIT");
            }
            w.append(" OFFSET ").append(Long.toString(whole(v, "an OFFSET")));
        }
    }

    // ---- expressions

    /** Writes an expression; returns the column name it reads when it is a plain column, else null. */
    private String expr(Expression e, SqlWriter w) {
        enter(e);
        try {
            return write(e, w);
        } finally {
            leave();
        }
    }

    private String write(Expression e, SqlWriter w) {
        if (e instanceof Column c) {
            return column(c, w);
        } else if (e instanceof LongValue n) {
            literal(number(n.getStringValue(), n, true), w);
        } else if (e instanceof DoubleValue n) {
            literal(number(n.toString(), n, false), w);
        } else if (e instanceof StringValue s) {
            if (s.getPrefix() != null && !s.getPrefix().isEmpty()) {
                throw refused(e, "a prefixed string literal (" + s.getPrefix() + "'…')");
            }
            literal(s.getNotExcapedValue(), w);
        } else if (e instanceof NullValue) {
            w.append("NULL");
        } else if (e instanceof BooleanValue b) {
            w.append(b.getValue() ? "TRUE" : "FALSE");
        } else if (e instanceof DateValue dv) {
            w.bind(dv.getValue().toLocalDate());
        } else if (e instanceof TimeKeyExpression t) {
            now(timeKey(t), w);
        } else if (e instanceof ParenthesedSelect ps) {
            w.append("(");
            select(ps.getSelect(), w, 0);
            w.append(")");
        } else if (e instanceof ParenthesedExpressionList<?> list) {
            w.append("(");
            list(list, w);
            w.append(")");
        } else if (e instanceof SignedExpression s) {
            w.append(s.getSign() == '-' ? "(-" : "(+");
            expr(s.getExpression(), w);
            w.append(")");
        } else if (e instanceof NotExpression n) {
            w.append("(NOT ");
            expr(n.getExpression(), w);
            w.append(")");
        } else if (e instanceof LikeExpression like) {
            like(like, w);
        } else if (e instanceof BinaryExpression b) {
            binary(b, w);
        } else if (e instanceof IsNullExpression n) {
            w.append("(");
            expr(n.getLeftExpression(), w);
            w.append(n.isNot() ? " IS NOT NULL)" : " IS NULL)");
        } else if (e instanceof Between b) {
            w.append("(");
            boolean instants = instant(b.getLeftExpression(), w);
            w.append(b.isNot() ? " NOT BETWEEN " : " BETWEEN ");
            for (Expression bound : List.of(b.getBetweenExpressionStart(), b.getBetweenExpressionEnd())) {
                java.time.Instant at = instants ? instantOf(bound) : null;
                if (at != null) {
                    w.bind(d.timestamp(at));
                } else {
                    expr(bound, w);
                }
                if (bound == b.getBetweenExpressionStart()) {
                    w.append(" AND ");
                }
            }
            w.append(")");
        } else if (e instanceof InExpression in
                && (in.getRightExpression() instanceof AndExpression
                        || in.getRightExpression() instanceof OrExpression)) {
            // JSqlParser 5.3 reads "x IN (a, b) AND y" as x IN ((a, b) AND y): the IN takes the leftmost
            // operand back, as SQL's precedence (IN before AND and OR) says
            BinaryExpression parent = (BinaryExpression) in.getRightExpression();
            Expression root = parent;
            while (parent.getLeftExpression() instanceof AndExpression
                    || parent.getLeftExpression() instanceof OrExpression) {
                parent = (BinaryExpression) parent.getLeftExpression();
            }
            InExpression fixed = new InExpression(in.getLeftExpression(), parent.getLeftExpression());
            fixed.setNot(in.isNot());
            parent.setLeftExpression(fixed);
            return write(root, w);
        } else if (e instanceof InExpression in) {
            if (in.isGlobal() || in.getOldOracleJoinSyntax() != 0) {
                throw refused(e, "this IN form");
            }
            if (mariadbFractions(in, w)) {
                return null;
            }
            w.append("(");
            expr(in.getLeftExpression(), w);
            w.append(in.isNot() ? " NOT IN " : " IN ");
            Expression right = in.getRightExpression();
            if (right instanceof ParenthesedSelect || right instanceof ParenthesedExpressionList<?>) {
                expr(right, w);
            } else {
                // JSqlParser reads "x IN ('a') AND y" as x IN (('a') AND y): refused rather than run as misread
                throw QueryException.of(
                        ErrorCode.SQL_NOT_ALLOWED,
                        at(right),
                        "An IN list of one value followed by AND or OR is ambiguous to the parser.",
                        "Write x = 'a' instead of x IN ('a'), or put the IN in parentheses: (x IN ('a')).");
            }
            w.append(")");
        } else if (e instanceof ExistsExpression ex) {
            w.append(ex.isNot() ? "(NOT EXISTS " : "(EXISTS ");
            if (!(ex.getRightExpression() instanceof ParenthesedSelect)) {
                throw refused(e, "EXISTS without a subquery");
            }
            expr(ex.getRightExpression(), w);
            w.append(")");
        } else if (e instanceof CaseExpression c) {
            w.append("(CASE");
            if (c.getSwitchExpression() != null) {
                w.append(" ");
                expr(c.getSwitchExpression(), w);
            }
            for (WhenClause when : c.getWhenClauses()) {
                w.append(" WHEN ");
                expr(when.getWhenExpression(), w);
                w.append(" THEN ");
                expr(when.getThenExpression(), w);
            }
            if (c.getElseExpression() != null) {
                w.append(" ELSE ");
                expr(c.getElseExpression(), w);
            }
            w.append(" END)");
        } else if (e instanceof CastExpression c) {
            cast(c, w);
        } else if (e instanceof net.sf.jsqlparser.expression.TrimFunction t) {
            if (t.getTrimSpecification() != null || t.getFromExpression() != null || t.getExpression() == null) {
                throw refused(e, "TRIM(LEADING/TRAILING/BOTH … FROM …) (use trim(x), ltrim(x) or rtrim(x))");
            }
            w.append("TRIM(");
            expr(t.getExpression(), w);
            w.append(")");
        } else if (e instanceof ExtractExpression x) {
            String field = x.getName().toLowerCase(Locale.ROOT);
            if (!EXTRACT_FIELDS.contains(field)) {
                throw refused(e, "EXTRACT(" + x.getName() + " …)");
            }
            if (dialect.equals("sqlite")) {
                sqliteExtract(field, x, w);
            } else {
                w.append("EXTRACT(").append(field.toUpperCase(Locale.ROOT)).append(" FROM ");
                expr(x.getExpression(), w);
                w.append(")");
            }
        } else if (e instanceof net.sf.jsqlparser.expression.MySQLGroupConcat g) {
            List<Expression> values = new ArrayList<>(g.getExpressionList());
            Expression separator = null;
            if (g.getSeparator() != null) {
                separator = new StringValue(unquoteString(g.getSeparator()));
            } else if (!dialect.equals("mysql") && values.size() == 2) {
                separator = values.remove(1); // SQLite's group_concat(x, separator)
            }
            concatAggregate(values, separator, g.isDistinct(), g.getOrderByElements(), g, w);
        } else if (e instanceof AnalyticExpression a
                && a.getType() == AnalyticType.WITHIN_GROUP
                && Set.of("listagg", "string_agg", "group_concat")
                        .contains(a.getName().toLowerCase(Locale.ROOT))
                && a.getPartitionExpressionList() == null
                && a.getDefaultValue() == null
                && a.getFilterExpression() == null) {
            // LISTAGG(x, separator) WITHIN GROUP (ORDER BY …)
            concatAggregate(List.of(a.getExpression()), a.getOffset(), a.isDistinct(), a.getOrderByElements(), a, w);
        } else if (e instanceof AnalyticExpression a) {
            window(a, w);
        } else if (e instanceof Function f) {
            function(f, w);
        } else {
            throw refused(e, construct(e));
        }
        return null;
    }

    /**
     * The most digits a number of the statement may have, and the largest power of ten it may reach;
     * also the most decimal places of round/trunc and the largest precision of a CAST to a decimal.
     */
    static final int MAX_DIGITS = 38;

    /**
     * A number of the statement as the bind its context needs: an {@code int} when it is one (so that
     * PostgreSQL's {@code round(x, 2)} and {@code substr(t, 1, 6)} find their functions), a {@code
     * long}, or a decimal of at most {@link #MAX_DIGITS} digits and magnitude; anything else is refused.
     */
    private static Object number(String text, Object node, boolean integral) {
        BigDecimal v;
        try {
            v = new BigDecimal(text.trim());
        } catch (NumberFormatException | ArithmeticException e) {
            throw outOfRange(text, node);
        }
        if (v.precision() > MAX_DIGITS || v.precision() - v.scale() > MAX_DIGITS || v.scale() > MAX_DIGITS) {
            throw outOfRange(text, node);
        }
        if (integral
                && v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                && v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
            long l = v.longValue();
            return l == (int) l ? (Object) (int) l : (Object) l;
        }
        return v;
    }

    /**
     * A literal of the statement as a bind of the type it has: on H2 in a typed CAST (H2 cannot type a
     * bare {@code ?} in a CASE branch, a COALESCE or a select item), on SQLite a decimal as a double
     * (its driver binds a BigDecimal as text, which compares with no number).
     */
    private void literal(Object value, SqlWriter w) {
        if (value instanceof BigDecimal b && dialect.equals("sqlite")) {
            w.bind(b.doubleValue());
        } else if (dialect.equals("h2")) {
            String type;
            Object v = value;
            if (value instanceof Integer) {
                type = "INTEGER";
            } else if (value instanceof Long) {
                type = "BIGINT";
            } else if (value instanceof BigDecimal b) {
                BigDecimal plain = b.scale() < 0 ? b.setScale(0) : b;
                v = plain;
                type = "DECIMAL(" + Math.max(MAX_DIGITS, plain.precision()) + ", " + plain.scale() + ")";
            } else {
                type = "VARCHAR";
            }
            w.append("CAST(").bind(v).append(" AS " + type + ")");
        } else {
            w.bind(value);
        }
    }

    /** A whole number where the statement needs one (a LIMIT, an OFFSET, a position). */
    private static long whole(LongValue n, String what) {
        try {
            return Long.parseLong(n.getStringValue().trim());
        } catch (NumberFormatException e) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(n),
                    "The number " + n.getStringValue() + " is too large for " + what + ".",
                    "Write " + what + " of at most " + Long.MAX_VALUE + ", or leave it out.");
        }
    }

    private static QueryException outOfRange(String text, Object node) {
        String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return QueryException.of(
                ErrorCode.SQL_NOT_ALLOWED,
                at(node),
                "The number " + shown + " is out of range.",
                "Write numbers of at most " + MAX_DIGITS + " digits, between -1e" + MAX_DIGITS + " and 1e" + MAX_DIGITS
                        + ".");
    }

    private void list(ExpressionList<?> list, SqlWriter w) {
        boolean first = true;
        for (Expression x : list) {
            w.append(first ? "" : ", ");
            first = false;
            expr(x, w);
        }
    }

    private static final Map<Class<?>, String> OPERATORS = Map.ofEntries(
            Map.entry(Addition.class, " + "),
            Map.entry(Subtraction.class, " - "),
            Map.entry(Multiplication.class, " * "),
            Map.entry(Division.class, " / "),
            Map.entry(Modulo.class, " % "),
            Map.entry(AndExpression.class, " AND "),
            Map.entry(OrExpression.class, " OR "),
            Map.entry(EqualsTo.class, " = "),
            Map.entry(NotEqualsTo.class, " <> "),
            Map.entry(GreaterThan.class, " > "),
            Map.entry(GreaterThanEquals.class, " >= "),
            Map.entry(MinorThan.class, " < "),
            Map.entry(MinorThanEquals.class, " <= "));

    /** The parts of a chain of {@code ||}, in order. */
    private static void concatParts(Expression e, List<Expression> parts) {
        if (e instanceof Concat c) {
            concatParts(c.getLeftExpression(), parts);
            concatParts(c.getRightExpression(), parts);
        } else {
            parts.add(e);
        }
    }

    private static final Set<Class<?>> COMPARISONS = Set.of(
            EqualsTo.class,
            NotEqualsTo.class,
            GreaterThan.class,
            GreaterThanEquals.class,
            MinorThan.class,
            MinorThanEquals.class);

    private void binary(BinaryExpression b, SqlWriter w) {
        if (b instanceof Concat) {
            // MySQL reads || as OR: CONCAT means the same everywhere but SQLite, which has only ||
            // the parts of a chain share MAX_STRING (each was cut to it, so 200 parts built 20 million
            // characters): neither a chain nor WITH queries doubling a text can grow it beyond it
            List<Expression> parts = new ArrayList<>();
            concatParts(b, parts);
            // PostgreSQL's and H2's CONCAT skip a NULL ('-' for NULL || '-'), MariaDB's and SQLite's || give
            // NULL, as SQL's || does: so || is || there, each literal part cast to text
            int share = MAX_STRING / parts.size();
            boolean pipes = !dialect.equals("mysql");
            w.append(pipes ? "(" : "CONCAT(");
            for (int i = 0; i < parts.size(); i++) {
                w.append(i == 0 ? "" : pipes ? " || " : ", ");
                Expression part = parts.get(i);
                if (pipes
                        && !dialect.equals("sqlite")
                        && (part instanceof LongValue || part instanceof DoubleValue || part instanceof NullValue)) {
                    w.append("CAST(");
                    expr(part, w);
                    w.append(dialect.equals("postgres") ? " AS TEXT)" : " AS VARCHAR)");
                } else {
                    capped(part, share, w);
                }
            }
            w.append(")");
            return;
        }
        String op = OPERATORS.get(b.getClass());
        if (op == null) {
            throw refused(b, "the operator " + b.getStringExpression());
        }
        if (mariadbFraction(b, w)) {
            return;
        }
        // a timestamp column compared with an ISO date or date-time string: the string binds as the
        // store's timestamp (a text bind compares with no timestamp on PostgreSQL and SQLite)
        SqlWriter left = new SqlWriter();
        boolean leftInstant = instant(b.getLeftExpression(), left);
        SqlWriter right = new SqlWriter();
        boolean rightInstant = instant(b.getRightExpression(), right);
        w.append("(");
        java.time.Instant at = rightInstant ? instantOf(b.getLeftExpression()) : null;
        if (at != null && COMPARISONS.contains(b.getClass())) {
            w.bind(d.timestamp(at));
        } else {
            w.append(left.toSql());
        }
        w.append(op);
        at = leftInstant ? instantOf(b.getRightExpression()) : null;
        if (at != null && COMPARISONS.contains(b.getClass())) {
            w.bind(d.timestamp(at));
        } else {
            w.append(right.toSql());
        }
        w.append(")");
    }

    /**
     * The fraction a literal is ({@code 0.99}, {@code -1.5}), or null for anything else, whole decimals
     * ({@code 1.0}) among them.
     */
    private static BigDecimal fraction(Expression e) {
        Expression inner = e instanceof SignedExpression s ? s.getExpression() : e;
        if (!(inner instanceof DoubleValue n)) {
            return null;
        }
        BigDecimal v = (BigDecimal) number(n.toString(), n, false);
        if (e instanceof SignedExpression s && s.getSign() == '-') {
            v = v.negate();
        }
        return v.stripTrailingZeros().scale() > 0 ? v : null;
    }

    /**
     * MariaDB (10.11) rounds a fractional constant to an indexed column's type when it looks the value
     * up in the index ({@code int_column = 0.99} finds the rows where it is 1, and so does a one-value
     * {@code IN}), while a range is exact; the filter compiler writes such an equality as a range
     * ({@code MySqlDialect.compareNumberColumn}), and so does the guard: {@code x = 0.99} is {@code (x
     * >= ? AND x <= ?)}, {@code x <> 0.99} its {@code NOT}, true, false and unknown where the equality
     * is. Returns false when the comparison is not one of those.
     */
    private boolean mariadbFraction(BinaryExpression b, SqlWriter w) {
        if (!d.name().equals("mariadb") || !(b instanceof EqualsTo || b instanceof NotEqualsTo)) {
            return false;
        }
        BigDecimal right = fraction(b.getRightExpression());
        BigDecimal left = right == null ? fraction(b.getLeftExpression()) : null;
        if (right == null && left == null) {
            return false;
        }
        SqlWriter other = new SqlWriter();
        expr(right != null ? b.getLeftExpression() : b.getRightExpression(), other);
        w.append(b instanceof NotEqualsTo ? "(NOT " : "(");
        range(other.toSql(), right != null ? right : left, w);
        w.append(")");
        return true;
    }

    /** {@code x [NOT] IN (…)} with a fraction in the list, on MariaDB: the fractions as ranges ({@link #mariadbFraction}). */
    private boolean mariadbFractions(InExpression in, SqlWriter w) {
        if (!d.name().equals("mariadb") || !(in.getRightExpression() instanceof ParenthesedExpressionList<?> list)) {
            return false;
        }
        List<Expression> whole = new ArrayList<>();
        List<BigDecimal> fractions = new ArrayList<>();
        for (Expression x : list) {
            BigDecimal f = fraction(x);
            if (f == null) {
                whole.add(x);
            } else {
                fractions.add(f);
            }
        }
        if (fractions.isEmpty()) {
            return false;
        }
        SqlWriter left = new SqlWriter();
        expr(in.getLeftExpression(), left);
        Sql x = left.toSql();
        w.append(in.isNot() ? "(NOT (" : "((");
        boolean first = true;
        if (!whole.isEmpty()) {
            w.append(x).append(" IN (");
            for (Expression e : whole) {
                w.append(first ? "" : ", ");
                first = false;
                expr(e, w);
            }
            w.append(")");
        }
        for (BigDecimal f : fractions) {
            w.append(first ? "" : " OR ");
            first = false;
            range(x, f, w);
        }
        w.append("))");
        return true;
    }

    /** {@code (x >= ? AND x <= ?)}: equality with a number as an exact range. */
    private void range(Sql x, BigDecimal value, SqlWriter w) {
        w.append("(").append(x).append(" >= ");
        literal(value, w);
        w.append(" AND ").append(x).append(" <= ");
        literal(value, w);
        w.append(")");
    }

    /** Writes an expression; returns whether it is a column that holds the store's timestamps. */
    private boolean instant(Expression e, SqlWriter w) {
        instantColumn = false;
        expr(e, w);
        boolean is = e instanceof Column && instantColumn;
        instantColumn = false;
        return is;
    }

    /**
     * The instant a value compared with a timestamp column names: an ISO-8601 string, or the clock's
     * {@code CURRENT_TIMESTAMP}, {@code NOW()} or {@code CURRENT_DATE} (midnight UTC); else null.
     */
    private java.time.Instant instantOf(Expression e) {
        String key = null;
        if (e instanceof TimeKeyExpression t) {
            key = timeKey(t);
        } else if (e instanceof Function f
                && (f.getParameters() == null || f.getParameters().isEmpty())
                && !f.isAllColumns()) {
            String name = unquote(f.getName()).toLowerCase(Locale.ROOT);
            key = name.equals("now") ? "CURRENT_TIMESTAMP" : name.equals("curdate") ? "CURRENT_DATE" : null;
        }
        if (key == null) {
            return isoInstant(e);
        }
        java.time.Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        return switch (key) {
            case "CURRENT_TIMESTAMP" -> now;
            case "CURRENT_DATE" -> now.truncatedTo(java.time.temporal.ChronoUnit.DAYS);
            default -> null;
        };
    }

    private static String timeKey(TimeKeyExpression t) {
        String key =
                t.getStringValue().toUpperCase(Locale.ROOT).replace("()", "").trim();
        if (!TIME_KEYS.contains(key)) {
            throw refused(t, key);
        }
        return key;
    }

    /**
     * {@code CURRENT_DATE}, {@code CURRENT_TIMESTAMP} or {@code CURRENT_TIME} from the toolkit's clock
     * (UTC, to the second), as a bind of the type the database's own would have: every tool's "today"
     * is the same one ({@code --now}, the host's {@code Clock}). SQLite's are text, as its own are.
     */
    private void now(String key, SqlWriter w) {
        java.time.LocalDateTime now = java.time.LocalDateTime.ofInstant(
                clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), java.time.ZoneOffset.UTC);
        if (dialect.equals("sqlite")) {
            w.bind(
                    switch (key) {
                        case "CURRENT_DATE" -> now.toLocalDate().toString();
                        case "CURRENT_TIME" -> now.toLocalTime().format(HMS);
                        default -> sqliteNow(now);
                    });
            return;
        }
        switch (key) {
            case "CURRENT_DATE" -> w.append("CAST(").bind(now.toLocalDate()).append(" AS DATE)");
            case "CURRENT_TIME" -> w.append("CAST(").bind(now.toLocalTime()).append(" AS TIME)");
            default -> {
                if (dialect.equals("mysql")) {
                    w.append("CAST(").bind(now).append(" AS DATETIME)");
                } else {
                    w.append("CAST(")
                            .bind(java.time.OffsetDateTime.of(now, java.time.ZoneOffset.UTC))
                            .append(" AS TIMESTAMP WITH TIME ZONE)");
                }
            }
        }
    }

    private static final java.time.format.DateTimeFormatter HMS =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    /** The SQLite date functions, whose time value {@code 'now'} (or none) is the database's clock. */
    private static final Set<String> SQLITE_DATES = Set.of("date", "time", "datetime", "julianday", "strftime");

    /** PostgreSQL's date and time input words that read the database's clock. */
    private static final Set<String> PG_CLOCK_WORDS = Set.of("now", "today", "tomorrow", "yesterday");

    /**
     * Writes a function that reads the database's clock so that it reads the toolkit's instead: {@code
     * NOW()} and MySQL's {@code CURDATE()}, SQLite's date functions of {@code 'now'} (or of no time
     * value), PostgreSQL's {@code age(x)} of one argument. Returns false for every other function.
     */
    private boolean clocked(String name, Function f, SqlWriter w) {
        List<Expression> a = f.getParameters() == null ? List.of() : new ArrayList<>(f.getParameters());
        if ((name.equals("now") || name.equals("curdate")) && !f.isAllColumns()) {
            arity(f, a, 0, 0);
            now(name.equals("now") ? "CURRENT_TIMESTAMP" : "CURRENT_DATE", w);
            return true;
        }
        if (dialect.equals("sqlite") && SQLITE_DATES.contains(name)) {
            int value = name.equals("strftime") ? 1 : 0;
            if (name.equals("strftime")) {
                arity(f, a, 1, Integer.MAX_VALUE);
            }
            w.append(name.toUpperCase(Locale.ROOT)).append("(");
            for (int i = 0; i < Math.max(a.size(), value + 1); i++) {
                w.append(i == 0 ? "" : ", ");
                if (i >= a.size()
                        || (i == value
                                && a.get(i) instanceof StringValue v
                                && v.getNotExcapedValue().trim().equalsIgnoreCase("now"))) {
                    now("CURRENT_TIMESTAMP", w);
                } else {
                    expr(a.get(i), w);
                }
            }
            w.append(")");
            return true;
        }
        if (dialect.equals("postgres") && name.equals("age") && a.size() == 1) {
            // age(x) is age(CURRENT_DATE, x)
            w.append("AGE(");
            now("CURRENT_DATE", w);
            w.append(", ");
            expr(a.get(0), w);
            w.append(")");
            return true;
        }
        return false;
    }

    /** The clock as SQLite's own CURRENT_TIMESTAMP writes it: {@code YYYY-MM-DD HH:MM:SS}. */
    private static String sqliteNow(java.time.LocalDateTime now) {
        return now.toLocalDate() + " " + now.toLocalTime().format(HMS);
    }

    /**
     * The instant an ISO-8601 string literal names ({@code 2024-03-01}, {@code 2024-03-01 10:00},
     * {@code 2024-03-01T10:00:00Z}, with an offset or without: UTC), or null.
     */
    static java.time.Instant isoInstant(Expression e) {
        if (!(e instanceof StringValue s)) {
            return null;
        }
        String text = s.getNotExcapedValue().trim().replace(' ', 'T');
        try {
            return java.time.OffsetDateTime.parse(text).toInstant();
        } catch (java.time.format.DateTimeParseException e1) {
            try {
                return java.time.LocalDateTime.parse(text).toInstant(java.time.ZoneOffset.UTC);
            } catch (java.time.format.DateTimeParseException e2) {
                try {
                    return java.time.LocalDate.parse(text)
                            .atStartOfDay(java.time.ZoneOffset.UTC)
                            .toInstant();
                } catch (java.time.format.DateTimeParseException e3) {
                    return null;
                }
            }
        }
    }

    private void like(LikeExpression like, SqlWriter w) {
        if (like.getEscape() != null || like.isUseBinary()) {
            throw refused(like, "LIKE … ESCAPE or LIKE BINARY");
        }
        String keyword = like.getLikeKeyWord().name();
        if (!keyword.equals("LIKE") && !(keyword.equals("ILIKE") && dialect.equals("postgres"))) {
            throw refused(like, keyword + (keyword.equals("ILIKE") ? " (use LOWER(x) LIKE …)" : ""));
        }
        w.append("(");
        expr(like.getLeftExpression(), w);
        w.append(like.isNot() ? " NOT " : " ").append(keyword).append(" ");
        expr(like.getRightExpression(), w);
        w.append(")");
    }

    private void cast(CastExpression c, SqlWriter w) {
        if (c.getColDataType() == null) {
            throw refused(c, construct(c));
        }
        if (c.getColumnDefinitions() != null && !c.getColumnDefinitions().isEmpty() || c.getFormat() != null) {
            throw refused(c, "CAST with a format or row type");
        }
        String written =
                c.getColDataType().getDataType().toLowerCase(Locale.ROOT).replace("double precision", "double");
        List<String> args = new ArrayList<>();
        int paren = written.indexOf('(');
        if (paren >= 0 && written.endsWith(")")) {
            for (String a : written.substring(paren + 1, written.length() - 1).split(",")) {
                args.add(a.trim());
            }
            written = written.substring(0, paren).trim();
        }
        if (c.getColDataType().getArgumentsStringList() != null) {
            c.getColDataType().getArgumentsStringList().forEach(a -> args.add(a.trim()));
        }
        String type = written;
        if (!CAST_TYPES.contains(type)) {
            throw refused(
                    c,
                    "CAST to " + type + " (allowed: " + String.join(", ", new java.util.TreeSet<>(CAST_TYPES)) + ")");
        }
        boolean sized = Set.of("varchar", "char", "numeric", "decimal").contains(type);
        int largest = type.endsWith("char") ? MAX_STRING : MAX_DIGITS; // H2 divided a DECIMAL(100000) for 10 s
        if (args.size() > (sized ? (type.endsWith("char") ? 1 : 2) : 0)
                || !args.stream().allMatch(a -> a.matches("\\d{1,6}") && Integer.parseInt(a) <= largest)) {
            throw refused(
                    c,
                    "CAST to " + c.getColDataType()
                            + " (sizes only on varchar(n) and char(n) up to " + MAX_STRING
                            + ", numeric(p, s) and decimal(p, s) up to " + MAX_DIGITS + ")");
        }
        w.append("CAST(");
        if (dialect.equals("postgres")
                && c.getLeftExpression() instanceof StringValue word
                && PG_CLOCK_WORDS.contains(word.getNotExcapedValue().trim().toLowerCase(Locale.ROOT))) {
            // PostgreSQL reads 'now', 'today', 'tomorrow' and 'yesterday' from its own clock
            java.time.Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            java.time.Instant at =
                    switch (word.getNotExcapedValue().trim().toLowerCase(Locale.ROOT)) {
                        case "now" -> now;
                        case "today" -> now.truncatedTo(java.time.temporal.ChronoUnit.DAYS);
                        case "tomorrow" ->
                            now.truncatedTo(java.time.temporal.ChronoUnit.DAYS).plus(java.time.Duration.ofDays(1));
                        default ->
                            now.truncatedTo(java.time.temporal.ChronoUnit.DAYS).minus(java.time.Duration.ofDays(1));
                    };
            w.bind(at.toString());
        } else {
            expr(c.getLeftExpression(), w);
        }
        // SQLite's NUMERIC keeps a whole number whole (CAST(5 AS decimal(5, 2)) / 2 was 2): a decimal is REAL
        boolean real = dialect.equals("sqlite") && (type.equals("numeric") || type.equals("decimal"));
        w.append(" AS ")
                .append(real ? "REAL" : castType(type))
                .append(args.isEmpty() || real ? "" : "(" + String.join(", ", args) + ")")
                .append(")");
    }

    /**
     * A CAST type as the dialect spells it (every type of {@link #CAST_TYPES} on every dialect, as
     * {@code SqlGuardContract.everyDocumentedCastRuns} checks): MariaDB and MySQL cast only to CHAR,
     * SIGNED, UNSIGNED, DECIMAL, DOUBLE, DATE and DATETIME, and the others know no SIGNED or UNSIGNED.
     */
    private String castType(String type) {
        if (dialect.equals("mysql")) {
            return switch (type) {
                case "text", "varchar", "char" -> "CHAR";
                case "integer", "int", "bigint", "smallint", "signed", "boolean" -> "SIGNED";
                case "numeric", "decimal" -> "DECIMAL";
                case "real", "float", "double" -> "DOUBLE";
                case "timestamp", "timestamp with time zone", "timestamptz" -> "DATETIME";
                default -> type.toUpperCase(Locale.ROOT);
            };
        }
        if (type.equals("timestamp with time zone") || type.equals("timestamptz")) {
            return "TIMESTAMP WITH TIME ZONE";
        }
        if (type.equals("signed") || type.equals("unsigned")) {
            return "BIGINT";
        }
        return type.equals("double") ? "DOUBLE PRECISION" : type.toUpperCase(Locale.ROOT);
    }

    private void function(Function f, SqlWriter w) {
        if (f.getMultipartName() != null && f.getMultipartName().size() > 1) {
            throw refused(f, "a qualified function name ('" + f.getName() + "')");
        }
        String aggregate = unquote(f.getName()).toLowerCase(Locale.ROOT);
        if (CONCAT_AGGREGATES.contains(aggregate)
                && !f.isAllColumns()
                && f.getParameters() != null
                && f.getAttribute() == null
                && f.getKeep() == null
                && f.getNamedParameters() == null
                && f.getHavingClause() == null
                && f.getLimit() == null
                && f.getNullHandling() == null
                && !f.isIgnoreNulls()
                && f.getExtraKeyword() == null
                && f.getOnOverflowTruncate() == null) {
            List<Expression> values = new ArrayList<>(f.getParameters());
            arity(f, values, 1, 2);
            Expression separator = values.size() == 2 ? values.remove(1) : null;
            concatAggregate(values, separator, f.isDistinct(), f.getOrderByElements(), f, w);
            return;
        }
        if (f.isEscaped()
                || f.getAttribute() != null
                || f.getKeep() != null
                || f.getNamedParameters() != null
                || f.getHavingClause() != null
                || f.getLimit() != null
                || f.getNullHandling() != null
                || f.isIgnoreNulls()
                || f.getExtraKeyword() != null
                || (f.getOrderByElements() != null && !f.getOrderByElements().isEmpty())
                || f.getOnOverflowTruncate() != null
                || f.isUnique()) {
            throw refused(f, "this form of " + f.getName() + "()");
        }
        String name = unquote(f.getName()).toLowerCase(Locale.ROOT);
        if (!Names.isIdentifier(name) || !Functions.allowed(dialect, name)) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(f),
                    "The function '" + f.getName() + "' is not allowed.",
                    "Allowed functions on " + d.name() + ": " + String.join(", ", Functions.all(dialect)) + ".");
        }
        if (DIGITS.contains(name)) {
            digits(f);
        }
        if (growing(name, f, w) || clocked(name, f, w) || h2DateUnit(name, f, w)) {
            return;
        }
        w.append(name.toUpperCase(Locale.ROOT)).append("(");
        if (f.isDistinct()) {
            if (!Functions.AGGREGATES.contains(name)) {
                throw refused(f, "DISTINCT in " + name + "()");
            }
            w.append("DISTINCT ");
        }
        args(f.isAllColumns(), f.getParameters(), name, f, w);
        w.append(")");
    }

    /** SQLite's strftime format of each EXTRACT field (quarter from the month). */
    private static final Map<String, String> STRFTIME = Map.of(
            "year", "%Y",
            "month", "%m",
            "day", "%d",
            "hour", "%H",
            "minute", "%M",
            "second", "%S",
            "quarter", "%m",
            "week", "%W",
            "dow", "%w",
            "doy", "%j");

    /**
     * EXTRACT on SQLite, which has none: {@code CAST(strftime('%Y', x) AS INTEGER)} (epoch as {@code
     * %s}, quarter from the month); a timestamp of the store (microseconds) is read as {@code
     * 'unixepoch'} seconds.
     */
    private void sqliteExtract(String field, ExtractExpression x, SqlWriter w) {
        SqlWriter value = new SqlWriter();
        boolean micros = instant(x.getExpression(), value);
        w.append(field.equals("quarter") ? "((" : "").append("CAST(STRFTIME(");
        literal(field.equals("epoch") ? "%s" : STRFTIME.get(field), w);
        w.append(", ");
        if (micros) {
            w.append("(").append(value.toSql()).append(") / 1000000.0, ");
            literal("unixepoch", w);
        } else {
            w.append(value.toSql());
        }
        w.append(") AS INTEGER)").append(field.equals("quarter") ? " + 2) / 3)" : "");
    }

    /** H2's date-time units of DATEADD and DATEDIFF, written as the keyword they are. */
    private static final Set<String> H2_UNITS = Set.of(
            "year",
            "quarter",
            "month",
            "week",
            "day",
            "hour",
            "minute",
            "second",
            "millisecond",
            "microsecond",
            "dow",
            "doy",
            "iso_week",
            "iso_year",
            "epoch");

    /** H2's {@code DATEADD(DAY, 1, x)} and {@code DATEDIFF('DAY', a, b)}: the unit is a keyword, not a value. */
    private boolean h2DateUnit(String name, Function f, SqlWriter w) {
        if (!dialect.equals("h2") || !(name.equals("dateadd") || name.equals("datediff"))) {
            return false;
        }
        List<Expression> a = f.getParameters() == null ? List.of() : new ArrayList<>(f.getParameters());
        arity(f, a, 3, 3);
        String unit = a.get(0) instanceof Column c && c.getTable() == null
                ? unquote(c.getColumnName())
                : a.get(0) instanceof StringValue v ? v.getNotExcapedValue().trim() : null;
        if (unit == null || !H2_UNITS.contains(unit.toLowerCase(Locale.ROOT))) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(f),
                    name + "'s first argument must be a unit: " + String.join(", ", new java.util.TreeSet<>(H2_UNITS))
                            + ".",
                    "Write " + name + "(DAY, 1, created_at).");
        }
        w.append(name.toUpperCase(Locale.ROOT))
                .append("(")
                .append(unit.toUpperCase(Locale.ROOT))
                .append(", ");
        expr(a.get(1), w);
        w.append(", ");
        expr(a.get(2), w);
        w.append(")");
        return true;
    }

    /** The names of the aggregate that joins texts: each dialect's is written for any of them. */
    private static final Set<String> CONCAT_AGGREGATES = Set.of("group_concat", "string_agg", "listagg");

    /**
     * An aggregate that joins texts ({@code group_concat}, {@code string_agg}, {@code listagg}, by any
     * of the names) as the dialect writes it, bounded: each value is cut to {@link #MAX_STRING}
     * characters and so is the result (MariaDB and MySQL stop joining at the session's {@code
     * group_concat_max_len}, which a read sets to {@link #MAX_STRING}); the separator (',' when none is
     * given) is a bind, as every literal is (on MariaDB and MySQL, whose {@code SEPARATOR} takes no
     * bind, it is put before each value and cut from the front of the result).
     */
    private void concatAggregate(
            List<Expression> values,
            Expression separator,
            boolean distinct,
            List<OrderByElement> order,
            Object node,
            SqlWriter w) {
        if (values.isEmpty() || (!dialect.equals("mysql") && values.size() > 1)) {
            throw QueryException.of(
                    ErrorCode.INVALID_SQL,
                    at(node),
                    "A text aggregate takes one value and a separator: " + example() + ".",
                    null);
        }
        if (separator != null && !(separator instanceof StringValue)) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(node),
                    "The separator of a text aggregate must be a quoted string.",
                    "Write " + example() + ".");
        }
        Expression sep = separator == null ? new StringValue(",") : separator;
        w.append("SUBSTR(");
        switch (dialect) {
            case "mysql" -> {
                w.append("GROUP_CONCAT(").append(distinct ? "DISTINCT " : "").append("CONCAT(");
                literal(((StringValue) sep).getNotExcapedValue(), w);
                for (Expression v : values) {
                    w.append(", ");
                    capped(v, MAX_STRING, w);
                }
                w.append(")");
                orderBy(order, w);
                w.append(" SEPARATOR ''), CHAR_LENGTH(");
                literal(((StringValue) sep).getNotExcapedValue(), w);
                w.append(") + 1");
            }
            case "h2" -> {
                w.append("LISTAGG(").append(distinct ? "DISTINCT " : "");
                capped(values.get(0), MAX_STRING, w);
                w.append(", ");
                expr(sep, w);
                w.append(")");
                if (order != null && !order.isEmpty()) {
                    w.append(" WITHIN GROUP (");
                    SqlWriter o = new SqlWriter();
                    orderBy(order, o);
                    Sql text = o.toSql();
                    w.append(new Sql(text.text().substring(1), text.binds()));
                    w.append(")");
                }
                w.append(", 1");
            }
            default -> {
                w.append(dialect.equals("postgres") ? "STRING_AGG(" : "GROUP_CONCAT(")
                        .append(distinct ? "DISTINCT " : "");
                capped(values.get(0), MAX_STRING, w);
                if (!(distinct && dialect.equals("sqlite"))) { // SQLite's DISTINCT takes no separator
                    w.append(", ");
                    if (dialect.equals("postgres")) {
                        w.append("CAST(");
                        expr(sep, w);
                        w.append(" AS TEXT)");
                    } else {
                        expr(sep, w);
                    }
                } else if (separator != null
                        && !((StringValue) separator).getNotExcapedValue().equals(",")) {
                    throw refused(node, "DISTINCT with a separator on SQLite (it joins distinct values with ',')");
                }
                orderBy(order, w);
                w.append("), 1");
            }
        }
        w.append(", " + MAX_STRING + ")");
    }

    /** The text aggregate as this dialect's users write it. */
    private String example() {
        return switch (dialect) {
            case "postgres" -> "string_agg(title, ', ' ORDER BY title)";
            case "h2" -> "listagg(title, ', ') WITHIN GROUP (ORDER BY title)";
            case "mysql" -> "group_concat(title ORDER BY title SEPARATOR ', ')";
            default -> "group_concat(title, ', ')";
        };
    }

    /** A quoted string as JSqlParser keeps it ({@code '; '}), unquoted. */
    private static String unquoteString(String raw) {
        String s = raw.trim();
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) {
            return s.substring(1, s.length() - 1).replace("''", "'");
        }
        return s;
    }

    /** The longest text a string-building function may build, in characters. */
    static final int MAX_STRING = 100_000;

    /**
     * Writes a function that can build a longer text than its arguments with bounds the rewrite checks
     * (the database is never the one to find a value too large: H2 runs out of memory, MariaDB has
     * crashed): {@code repeat}, {@code lpad}/{@code rpad} take a literal count, {@code replace} a
     * literal replacement and a bounded subject, {@code concat} and SQLite's {@code hex} bounded
     * arguments, {@code printf}/{@code format} a literal format with small widths. Returns false for
     * every other function.
     */
    private boolean growing(String name, Function f, SqlWriter w) {
        List<Expression> a = f.getParameters() == null ? List.of() : new ArrayList<>(f.getParameters());
        switch (name) {
            case "repeat" -> {
                arity(f, a, 2, 2);
                if (!(a.get(0) instanceof StringValue text)) {
                    throw bounded(f, "repeat's text must be a quoted string: repeat('*', 3)");
                }
                long n = count(f, a.get(1));
                if (text.getNotExcapedValue().length() * n > MAX_STRING) {
                    throw bounded(f, "repeat may build at most " + MAX_STRING + " characters");
                }
                w.append("REPEAT(");
                expr(a.get(0), w);
                w.append(", " + n + ")");
            }
            case "lpad", "rpad" -> {
                arity(f, a, 2, 3);
                long n = count(f, a.get(1));
                w.append(name.toUpperCase(Locale.ROOT)).append("(");
                capped(a.get(0), MAX_STRING, w);
                w.append(", " + n);
                if (a.size() == 3) {
                    w.append(", ");
                    capped(a.get(2), MAX_STRING, w);
                }
                w.append(")");
            }
            case "replace" -> {
                arity(f, a, 3, 3);
                if (!(a.get(2) instanceof StringValue by)) {
                    throw bounded(f, "replace's replacement must be a quoted string: replace(title, 'a', 'b')");
                }
                int growth = by.getNotExcapedValue().length();
                if (a.get(1) instanceof StringValue of
                        && !of.getNotExcapedValue().isEmpty()) {
                    growth = (growth + of.getNotExcapedValue().length() - 1)
                            / of.getNotExcapedValue().length();
                }
                w.append("REPLACE(");
                capped(a.get(0), MAX_STRING / Math.max(1, growth), w);
                w.append(", ");
                expr(a.get(1), w);
                w.append(", ");
                expr(a.get(2), w);
                w.append(")");
            }
            case "concat", "concat_ws" -> {
                if (a.isEmpty()) {
                    throw refused(f, name + "() without arguments");
                }
                // the arguments share MAX_STRING; concat_ws's separator stands between every two
                int share = MAX_STRING / (name.equals("concat") ? a.size() : 2 * a.size());
                w.append(name.toUpperCase(Locale.ROOT)).append("(");
                for (int i = 0; i < a.size(); i++) {
                    w.append(i == 0 ? "" : ", ");
                    capped(a.get(i), share, w);
                }
                w.append(")");
            }
            case "hex" -> {
                arity(f, a, 1, 1);
                w.append("HEX(");
                capped(a.get(0), MAX_STRING / 2, w);
                w.append(")");
            }
            case "printf", "format" -> {
                if (a.isEmpty()
                        || !(a.get(0) instanceof StringValue format)
                        || !smallWidths(format.getNotExcapedValue())) {
                    throw bounded(f, name + "'s format must be a quoted string with widths of at most 1000 and no *");
                }
                int share = MAX_STRING / a.size();
                w.append(name.toUpperCase(Locale.ROOT)).append("(");
                for (int i = 0; i < a.size(); i++) {
                    w.append(i == 0 ? "" : ", ");
                    capped(a.get(i), share, w);
                }
                w.append(")");
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** An argument of a string-building function, cut to {@code max} characters unless it is a literal. */
    private void capped(Expression e, int max, SqlWriter w) {
        // literals are as long as the statement; a || chain's parts are each cut already
        if (e instanceof StringValue
                || e instanceof LongValue
                || e instanceof DoubleValue
                || e instanceof NullValue
                || e instanceof Concat) {
            expr(e, w);
            return;
        }
        // SUBSTR takes text everywhere; PostgreSQL alone has no implicit cast from a number to text
        w.append("SUBSTR(");
        if (dialect.equals("postgres")) {
            w.append("CAST(");
            expr(e, w);
            w.append(" AS TEXT)");
        } else {
            expr(e, w);
        }
        w.append(", 1, " + max + ")");
    }

    private static void arity(Function f, List<Expression> a, int min, int max) {
        if (a.size() < min || a.size() > max) {
            throw QueryException.of(
                    ErrorCode.INVALID_SQL,
                    at(f),
                    f.getName() + "() takes " + (min == max ? min : min + " to " + max) + " arguments, not " + a.size()
                            + ".",
                    null);
        }
    }

    /** The functions whose second argument is a number of decimal places. */
    private static final Set<String> DIGITS = Set.of("round", "trunc", "truncate");

    /**
     * A second argument of round, trunc or truncate is a whole-number literal from -38 to 38: H2 took
     * 10 s for one {@code ROUND(x, 100000)} of a DECFLOAT, which its QUERY_TIMEOUT does not interrupt.
     */
    private static void digits(Function f) {
        if (f.getParameters() == null || f.getParameters().size() != 2) {
            return;
        }
        Expression e = f.getParameters().get(1);
        Expression inner = e instanceof SignedExpression s ? s.getExpression() : e;
        if (!(inner instanceof LongValue n) || Math.abs(whole(n, "a number of decimal places")) > MAX_DIGITS) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(f),
                    f.getName() + "'s decimal places must be a whole number from -" + MAX_DIGITS + " to " + MAX_DIGITS
                            + ".",
                    "Write them as a number: " + f.getName() + "(x, 2).");
        }
    }

    /** The literal count of repeat, lpad or rpad: a whole number from 0 to {@link #MAX_STRING}. */
    private static long count(Function f, Expression e) {
        if (!(e instanceof LongValue n)) {
            throw bounded(f, f.getName() + "'s length must be a whole number from 0 to " + MAX_STRING);
        }
        long v = whole(n, "a length");
        if (v < 0 || v > MAX_STRING) {
            throw bounded(f, f.getName() + "'s length must be a whole number from 0 to " + MAX_STRING);
        }
        return v;
    }

    /** Whether a printf format has no * and no width or precision over 1000. */
    static boolean smallWidths(String format) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("%[-+ 0#,!]*(\\*|\\d+)?(\\.(\\*|\\d+))?")
                .matcher(format);
        while (m.find()) {
            for (String g : new String[] {m.group(1), m.group(3)}) {
                if (g != null && (g.equals("*") || g.length() > 4 || Integer.parseInt(g) > 1000)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static QueryException bounded(Object node, String rule) {
        return QueryException.of(
                ErrorCode.SQL_NOT_ALLOWED,
                at(node),
                "This statement could build a text too large to answer: " + rule + ".",
                "Build texts of at most " + MAX_STRING + " characters, from quoted strings and columns.");
    }

    private void args(boolean star, ExpressionList<?> params, String name, Object node, SqlWriter w) {
        if (star
                || (params != null
                        && params.size() == 1
                        && params.get(0) instanceof AllColumns all
                        && !(all instanceof AllTableColumns))) {
            if (!name.equals("count")) {
                throw refused(node, name + "(*)");
            }
            w.append("*");
        } else if (params != null) {
            list(params, w);
        }
    }

    private void window(AnalyticExpression a, SqlWriter w) {
        String name = a.getName().toLowerCase(Locale.ROOT);
        if (a.getType() == AnalyticType.FILTER_ONLY) {
            filtered(name, a, w);
            return;
        }
        if (a.getType() != AnalyticType.OVER) {
            throw refused(a, a.getType().name().replace('_', ' ') + " clauses of aggregates");
        }
        if (!Functions.WINDOW.contains(name) && !Functions.AGGREGATES.contains(name)) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(a),
                    "The window function '" + a.getName() + "' is not allowed.",
                    "Allowed window functions: " + String.join(", ", new java.util.TreeSet<>(Functions.WINDOW))
                            + ", and count, sum, avg, min, max.");
        }
        if (a.getWindowName() != null
                || a.getWindowElement() != null
                || a.getKeep() != null
                || a.getFilterExpression() != null
                || a.isIgnoreNulls()
                || a.isIgnoreNullsOutside()
                || a.getNullHandling() != null
                || a.getHavingClause() != null
                || a.getLimit() != null
                || a.getFuncOrderBy() != null
                || a.getOnOverflowTruncate() != null
                || a.isUnique()) {
            throw refused(a, "window frames, named windows and FILTER");
        }
        w.append(name.toUpperCase(Locale.ROOT)).append("(");
        if (a.isDistinct()) {
            throw refused(a, "DISTINCT in a window aggregate");
        }
        if (a.isAllColumns()) {
            args(true, null, name, a, w);
        } else if (a.getExpression() != null) {
            expr(a.getExpression(), w);
            if (a.getOffset() != null) {
                w.append(", ");
                expr(a.getOffset(), w);
                if (a.getDefaultValue() != null) {
                    w.append(", ");
                    expr(a.getDefaultValue(), w);
                }
            }
        }
        w.append(") OVER (");
        boolean space = false;
        if (a.getPartitionExpressionList() != null
                && !a.getPartitionExpressionList().isEmpty()) {
            w.append("PARTITION BY ");
            list(a.getPartitionExpressionList(), w);
            space = true;
        }
        if (a.getOrderByElements() != null && !a.getOrderByElements().isEmpty()) {
            SqlWriter order = new SqlWriter();
            orderBy(a.getOrderByElements(), order);
            Sql o = order.toSql();
            w.append(new Sql(o.text().substring(space ? 0 : 1), o.binds()));
        }
        w.append(")");
    }

    private static final Set<String> FILTERABLE = Set.of("count", "sum", "avg", "min", "max");

    /**
     * {@code agg(x) FILTER (WHERE c)}, which MariaDB, MySQL and older SQLite lack, written as
     * {@code agg(CASE WHEN c THEN x END)} on every dialect ({@code count(*)}: {@code THEN 1}).
     */
    private void filtered(String name, AnalyticExpression a, SqlWriter w) {
        if (!FILTERABLE.contains(name)
                || a.getFilterExpression() == null
                || a.getOffset() != null
                || a.getWindowElement() != null
                || a.getKeep() != null
                || a.getHavingClause() != null
                || a.getLimit() != null
                || a.getFuncOrderBy() != null
                || a.isIgnoreNulls()
                || a.getNullHandling() != null) {
            throw refused(a, "FILTER on " + name + " (FILTER takes count, sum, avg, min and max of one value)");
        }
        w.append(name.toUpperCase(Locale.ROOT)).append("(");
        if (a.isDistinct()) {
            w.append("DISTINCT ");
        }
        w.append("CASE WHEN ");
        expr(a.getFilterExpression(), w);
        w.append(" THEN ");
        if (a.isAllColumns() || a.getExpression() == null || a.getExpression() instanceof AllColumns) {
            if (!name.equals("count")) {
                throw refused(a, name + "(*)");
            }
            w.append("1");
        } else {
            expr(a.getExpression(), w);
        }
        w.append(" END)");
    }

    // ---- names

    private String column(Column c, SqlWriter w) {
        Table t = c.getTable();
        String name = identifier(c.getColumnName(), c, "column name");
        if (t != null && t.getName() != null) {
            if (present(t.getSchemaName()) || present(t.getDatabaseName())) {
                throw refused(c, "a schema-qualified column ('" + c.getFullyQualifiedName() + "')");
            }
            Entry entry = entry(t.getName(), c);
            String canonical = column(entry, name, c);
            referenced(entry, canonical, c);
            w.append(d.quoteIdentifier(entry.sql())).append(".").append(d.quoteIdentifier(canonical));
            instantColumn =
                    entry.relation() != null && entry.relation().instants().contains(canonical);
            return canonical;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("true") || lower.equals("false")) {
            w.append(lower.toUpperCase(Locale.ROOT));
            return null;
        }
        for (Level level : levels) {
            Entry found = null;
            String canonical = null;
            for (Entry entry : level.entries) {
                for (String col : entry.columns()) {
                    if (col.equalsIgnoreCase(name)) {
                        if (found != null && found != entry) {
                            throw QueryException.of(
                                    ErrorCode.UNKNOWN_FIELD,
                                    at(c),
                                    "The column '" + name + "' is in both '" + found.alias() + "' and '" + entry.alias()
                                            + "'.",
                                    "Qualify it: " + found.alias() + "." + name + " or " + entry.alias() + "." + name
                                            + ".");
                        }
                        found = entry;
                        canonical = col;
                    }
                }
            }
            if (found != null) {
                referenced(found, canonical, c);
                w.append(d.quoteIdentifier(found.sql())).append(".").append(d.quoteIdentifier(canonical));
                instantColumn =
                        found.relation() != null && found.relation().instants().contains(canonical);
                return canonical;
            }
            for (String out : level.outputs) {
                if (out.equalsIgnoreCase(name)) {
                    w.append(d.quoteIdentifier(out));
                    return out;
                }
            }
        }
        // not found: name the hidden field, or the nearest visible column
        Level level = levels.peek();
        List<String> candidates = new ArrayList<>();
        for (Level l : levels) {
            for (Entry entry : l.entries) {
                refuseHidden(entry, name, c);
                candidates.addAll(entry.columns());
            }
            candidates.addAll(l.outputs);
        }
        String owner =
                level != null && level.entries.size() == 1 ? describe(level.entries.get(0)) : "No relation in FROM";
        List<String> near = Suggestions.nearest(name, candidates, 1);
        throw QueryException.of(
                ErrorCode.UNKNOWN_FIELD,
                at(c),
                "There is no column '" + name + "'.",
                owner + " has no column '" + name + "'"
                        + (near.isEmpty() ? "." : "; did you mean '" + near.get(0) + "'?"));
    }

    /** A reference to an entry's column: the copies it stands for count for the statement and the select item. */
    private void referenced(Entry entry, String canonical, Object node) {
        long n = entry.copiesOf(canonical);
        itemCopies += n;
        copy(n, node);
    }

    private static String describe(Entry entry) {
        return entry.relation() != null ? entry.relation().name() : "'" + entry.alias() + "'";
    }

    /** The canonical name of a column of an entry, or the error naming it. */
    private String column(Entry entry, String name, Object node) {
        for (String col : entry.columns()) {
            if (col.equalsIgnoreCase(name)) {
                return col;
            }
        }
        refuseHidden(entry, name, node);
        List<String> near = Suggestions.nearest(name, entry.columns(), 1);
        throw QueryException.of(
                ErrorCode.UNKNOWN_FIELD,
                at(node),
                "There is no column '" + name + "' in '" + entry.alias() + "'.",
                describe(entry) + " has no column '" + name + "'"
                        + (near.isEmpty()
                                ? "; its columns are " + String.join(", ", entry.columns()) + "."
                                : "; did you mean '" + near.get(0) + "'?"));
    }

    private static void refuseHidden(Entry entry, String name, Object node) {
        if (entry.relation() == null) {
            return;
        }
        for (String hidden : entry.relation().hidden()) {
            if (hidden.equalsIgnoreCase(name)) {
                throw QueryException.of(
                        ErrorCode.FORBIDDEN_FIELD,
                        at(node),
                        "The field " + entry.relation().name() + "." + hidden + " is hidden.",
                        "Use only the columns get_database_schema lists for "
                                + entry.relation().name() + ".");
            }
        }
        for (String masked : entry.relation().masked()) {
            if (masked.equalsIgnoreCase(name)) {
                throw QueryException.of(
                        ErrorCode.FORBIDDEN_FIELD,
                        at(node),
                        "The field " + entry.relation().name() + "." + masked + " is masked: SQL never reads it.",
                        "Filter, sort, group or count by it with query_graph_objects or aggregate_graph_objects.");
            }
        }
    }

    private Entry entry(String qualifier, Object node) {
        String q = unquote(qualifier);
        for (Level level : levels) {
            for (Entry entry : level.entries) {
                if (entry.alias().equalsIgnoreCase(q)) {
                    return entry;
                }
            }
        }
        List<String> aliases = new ArrayList<>();
        levels.forEach(l -> l.entries.forEach(en -> aliases.add(en.alias())));
        throw QueryException.of(
                ErrorCode.UNKNOWN_TYPE,
                at(node),
                "There is no relation or alias '" + q + "' in FROM.",
                aliases.isEmpty()
                        ? "Name the relation in FROM first."
                        : "FROM names: " + String.join(", ", aliases) + ".");
    }

    private String alias(Alias alias, Object node) {
        if (alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            throw refused(node, "an alias with a column list");
        }
        return identifier(alias.getName(), node, "alias").toLowerCase(Locale.ROOT);
    }

    /** A name the statement wrote, unquoted, that must follow the naming rule before the dialect quotes it. */
    private static String identifier(String raw, Object node, String what) {
        String name = unquote(raw);
        if (!Names.isIdentifier(name)) {
            throw QueryException.of(
                    ErrorCode.SQL_NOT_ALLOWED,
                    at(node),
                    "The " + what + " '" + raw + "' is not a plain name.",
                    "Use names of letters, digits and underscores that start with a letter or underscore.");
        }
        return name;
    }

    private static boolean present(String s) {
        return s != null && !s.isEmpty();
    }

    private static String unquote(String raw) {
        if (raw == null) {
            return "";
        }
        String s = raw.trim();
        if (s.length() >= 2
                && ((s.startsWith("\"") && s.endsWith("\""))
                        || (s.startsWith("`") && s.endsWith("`"))
                        || (s.startsWith("[") && s.endsWith("]")))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    // ---- refusals

    private static void refuseCommon(Select s) {
        if (s.getForMode() != null
                || s.getForUpdateTable() != null
                || s.getWait() != null
                || s.isNoWait()
                || s.isSkipLocked()) {
            throw refused(s, "FOR UPDATE / FOR SHARE (locking)");
        }
        if (s.getForClause() != null) {
            throw refused(s, "FOR XML / FOR JSON");
        }
        if (s.getFetch() != null) {
            throw refused(s, "FETCH FIRST (use LIMIT)");
        }
        if (s.getIsolation() != null) {
            throw refused(s, "WITH isolation");
        }
        if (s.getLimitBy() != null) {
            throw refused(s, "LIMIT BY");
        }
    }

    private static void refusePlain(PlainSelect p) {
        if ((p.getIntoTables() != null && !p.getIntoTables().isEmpty()) || p.getIntoTempTable() != null) {
            throw refused(p, "SELECT … INTO");
        }
        if (p.getTop() != null || p.getSkip() != null || p.getFirst() != null) {
            throw refused(p, "TOP, SKIP or FIRST (use LIMIT)");
        }
        if (p.getLateralViews() != null && !p.getLateralViews().isEmpty()) {
            throw refused(p, "LATERAL VIEW");
        }
        if (p.getOracleHierarchical() != null || p.getOracleHint() != null) {
            throw refused(p, "CONNECT BY or optimizer hints");
        }
        if (p.getQualify() != null || p.getKsqlWindow() != null || p.getPreferringClause() != null) {
            throw refused(p, "QUALIFY, WINDOW or PREFERRING");
        }
        if (p.getWindowDefinitions() != null && !p.getWindowDefinitions().isEmpty()) {
            throw refused(p, "named windows (WINDOW w AS …)");
        }
        if (p.getSampleClause() != null || p.getOptimizeFor() != null || p.getForXmlPath() != null) {
            throw refused(p, "TABLESAMPLE, OPTIMIZE FOR or FOR XML");
        }
        if (p.getMySqlSqlCacheFlag() != null
                || p.getMySqlSqlCalcFoundRows()
                || p.getMySqlHintStraightJoin()
                || p.getBigQuerySelectQualifier() != null
                || p.isEmitChanges()
                || p.isUsingFinal()
                || p.isUsingOnly()
                || p.isUseWithNoLog()) {
            throw refused(p, "SELECT modifiers (SQL_CACHE, SQL_CALC_FOUND_ROWS, STRAIGHT_JOIN, …)");
        }
    }

    private void enter(Object node) {
        if (++depth > MAX_DEPTH) {
            throw QueryException.of(
                    ErrorCode.LIMIT_EXCEEDED,
                    at(node),
                    "The statement nests deeper than " + MAX_DEPTH + " levels.",
                    "Write a flatter statement, with WITH for the steps.");
        }
    }

    private void leave() {
        depth--;
    }

    /** The SQL_NOT_ALLOWED error naming a construct. */
    static QueryException refused(Object node, String what) {
        return QueryException.of(
                ErrorCode.SQL_NOT_ALLOWED,
                at(node),
                "This statement uses " + what + ", which run_readonly_sql does not run.",
                null);
    }

    /** A node's class as words: {@code IntervalExpression} is "interval expression". */
    static String construct(Object node) {
        String name = node.getClass().getSimpleName();
        Map<String, String> known = new LinkedHashMap<>();
        known.put("JdbcParameter", "bind parameters (?)");
        known.put("JdbcNamedParameter", "named parameters (:name)");
        known.put("UserVariable", "variables (@name)");
        known.put("VariableAssignment", "variable assignment");
        known.put("Values", "VALUES");
        known.put("TableStatement", "TABLE");
        known.put("TableFunction", "table functions");
        known.put("ParenthesedFromItem", "parenthesized joins");
        known.put("NextValExpression", "sequences (NEXTVAL)");
        String words = known.get(name);
        if (words != null) {
            return words;
        }
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /** The position of a node in the SQL as a path: {@code sql@line:column}, or {@code sql}. */
    static String at(Object node) {
        if (node instanceof ASTNodeAccess a) {
            SimpleNode n = a.getASTNode();
            if (n != null && n.jjtGetFirstToken() != null) {
                return "sql@" + n.jjtGetFirstToken().beginLine + ":" + n.jjtGetFirstToken().beginColumn;
            }
        }
        return "sql";
    }
}
