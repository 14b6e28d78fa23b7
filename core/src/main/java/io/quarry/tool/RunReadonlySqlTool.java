package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.Json;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.Sql;
import io.quarry.sql.SqlRows;
import io.quarry.sql.guard.SqlGuard;
import java.util.List;

/**
 * {@code run_readonly_sql}: one guarded {@code SELECT} over the schema's relations, for the questions
 * no filter asks (joins, windows, computed columns). Off unless the host enables it for the store's
 * dialect; see docs/sql-tool.md.
 */
final class RunReadonlySqlTool extends SchemaTool {
    static final String NAME = "run_readonly_sql";
    /** About how many characters of relations and columns the description lists before it refers on. */
    private static final int RELATIONS_SHOWN = 1_200;

    /** The toolkit's store, as the JDBC store it must be for this tool. */
    private final JdbcObjectStore jdbc;

    private final SqlGuard guard;

    RunReadonlySqlTool(Parts parts, JdbcObjectStore jdbc) {
        super(NAME, parts);
        this.jdbc = jdbc;
        this.guard = SqlGuard.of(view.schema, jdbc.mapping(), jdbc.dialect());
    }

    @Override
    public String description() {
        StringBuilder relations = new StringBuilder();
        for (String r : guard.relations()) {
            if (relations.length() > RELATIONS_SHOWN) {
                // a large schema: the rest are in get_database_schema, under the same names
                relations.append("; … (get_database_schema lists every type: each is a relation of id, its fields,"
                        + " created_at and updated_at; each relationship one of src_id and dst_id)");
                break;
            }
            relations
                    .append(relations.length() == 0 ? "" : "; ")
                    .append(r)
                    .append("(")
                    .append(String.join(", ", guard.columns(r)))
                    .append(")");
        }
        String first = guard.relations().isEmpty() ? "Task" : guard.relations().get(0);
        return "Run one read-only SQL SELECT (" + jdbc.dialect().name() + " syntax) when no filter can ask the "
                + "question: joins, GROUP BY, window functions, computed columns, WITH and UNION. Prefer "
                + "query_graph_objects and aggregate_graph_objects when they can answer. Relations (one per "
                + "type, and one per relationship of its ends' ids, to join through) and their columns: " + relations
                + ". Only these, the usual aggregate, string, date "
                + "and math functions, and one statement; the answer shows the statement that ran and is "
                + "capped by LIMIT. Example: {\"sql\": \"SELECT count(*) AS n FROM " + first + "\"}.";
    }

    @Override
    public ObjectNode inputSchema() {
        ObjectNode schema = InputSchemas.object();
        ((ObjectNode) schema.get("properties"))
                .set("sql", InputSchemas.string("One SELECT statement over the relations the description lists."));
        schema.putArray("required").add("sql");
        return schema;
    }

    @Override
    public ObjectNode handle(Arguments args, Call call) {
        String text = args.string("sql").orElseThrow(() -> TypedSearch.missing("sql"));
        int max = call.limits().maxLimit();
        // one row more tells truncated; max_limit may be Integer.MAX_VALUE
        Sql sql = guard.check(
                text,
                call.context().scope(),
                max == Integer.MAX_VALUE ? max : max + 1,
                call.context().clock());
        SqlRows rows;
        try {
            rows = jdbc.forCaller(
                            call.context().user(),
                            call.context().scope(),
                            call.context().roles())
                    .readonly(sql, call.limits().statementTimeout());
        } catch (QueryException e) {
            throw e.first().code() == ErrorCode.DATABASE_UNAVAILABLE ? stopped(call) : e;
        } catch (IllegalStateException e) {
            // the database refused what the guard wrote (a type mismatch, a function it lacks): what to
            // change, from the SQLSTATE and error code; no driver message reaches the model
            if (e.getCause() instanceof java.sql.SQLException refused) {
                throw guard.refusal(refused);
            }
            throw QueryException.of(
                    ErrorCode.INVALID_SQL,
                    "sql",
                    "The database could not run the statement.",
                    "Check the column types in the description (compare numbers with numbers, text with"
                            + " quoted text) and use only functions this database has.");
        }
        List<List<Object>> all = rows.rows();
        boolean truncated = all.size() > max;
        int shown = Math.min(all.size(), max);
        int budget = call.limits().sizeBudget();
        String echo = sql.text();
        ObjectNode result = render(rows, echo, shown, truncated, false, false);
        // the echoed statement is cut first: every relation is a scoped subquery, so a count over three
        // relations is already over a budget of 1000 characters, and the rows are the answer
        int over = Results.size(result) - budget;
        while (over > 0 && !echo.isEmpty()) {
            echo = shortened(echo, over + 1);
            result = render(rows, echo + "…", shown, truncated, false, true);
            over = Results.size(result) - budget;
        }
        boolean echoCut = echo.length() < sql.text().length();
        while (shown > 0 && Results.size(result) > budget) {
            shown = shown / 2;
            result = render(rows, echoCut ? echo + "…" : echo, shown, truncated, true, echoCut);
        }
        return result;
    }

    /** The text less at least {@code fewer} characters from the end, never half a surrogate pair. */
    private static String shortened(String text, int fewer) {
        int keep = Math.max(0, text.length() - fewer);
        if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return text.substring(0, keep);
    }

    /**
     * The database stopped answering while it ran the model's statement. Whether the statement caused
     * it or the database went down meanwhile, "retry the same call" is the wrong hint: an agent
     * following it would send the statement again for ever. A second, trivial statement tells which.
     */
    private QueryException stopped(Call call) {
        boolean answers;
        try {
            jdbc.readonly(guard.check("SELECT 1 AS n", call.context().scope(), 1));
            answers = true;
        } catch (RuntimeException e) {
            answers = false;
        }
        return QueryException.of(
                answers ? ErrorCode.INVALID_SQL : ErrorCode.DATABASE_UNAVAILABLE,
                "sql",
                answers
                        ? "The database dropped the connection while it ran this statement."
                        : "The database stopped answering while it ran this statement.",
                "Do not send this statement again: ask a simpler question (fewer joins, smaller texts), or use"
                        + " query_graph_objects"
                        + (answers ? "." : "; if other tools also answer DATABASE_UNAVAILABLE, the database is down."));
    }

    /**
     * The answer: {@code rowsCut} when rows were left out to fit the size budget, {@code echoCut} when
     * the echoed statement was cut; either is the {@code size_budget} cap, only the first truncates.
     */
    private static ObjectNode render(
            SqlRows rows, String echo, int shown, boolean overLimit, boolean rowsCut, boolean echoCut) {
        ObjectNode result = Json.object();
        ArrayNode columns = result.putArray("columns");
        rows.columns().forEach(columns::add);
        ArrayNode out = result.putArray("rows");
        for (List<Object> row : rows.rows().subList(0, shown)) {
            out.add(Json.MAPPER.valueToTree(row));
        }
        result.put("returned", shown);
        result.put("truncated", overLimit || rowsCut);
        ArrayNode caps = result.putArray("caps");
        if (overLimit) {
            caps.add("max_limit");
        }
        if (rowsCut || echoCut) {
            caps.add("size_budget");
        }
        result.put("sql", echo);
        return result;
    }
}
