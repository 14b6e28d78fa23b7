package io.quarry.neo4j;

import static io.quarry.neo4j.NodeEncoding.quote;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.MatchOp;
import io.quarry.store.Cursor;
import io.quarry.store.ObjectOrder;
import io.quarry.store.ObjectQuery;
import io.quarry.store.Scope;
import io.quarry.store.SortKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A search compiled to Cypher: the statement that counts every match and the one that reads a page
 * (after the cursor, in the reference order, one row more than the limit to know whether more follow).
 *
 * @param count the count statement
 * @param page the page statement
 */
record CypherQuery(Cypher count, Cypher page) {
    private static final String N = "n";
    /** What every read of objects returns of a node {@code n}. */
    static final String RETURN_OBJECT = " RETURN n." + NodeEncoding.ID + " AS id, n." + NodeEncoding.TYPE
            + " AS type, n." + NodeEncoding.CREATED + " AS created_at, n." + NodeEncoding.UPDATED
            + " AS updated_at, n." + NodeEncoding.JSON + " AS properties, n." + NodeEncoding.SCOPE + " AS scope";

    /** Compiles a query, continuing after {@code after} when it is not {@code null}. */
    static CypherQuery compile(ObjectQuery query, Cursor after, String objectLabel) {
        Cypher.Params params = new Cypher.Params();
        StringBuilder match = new StringBuilder();
        List<String> where = new ArrayList<>();
        // the types as a parameter (over the type index), never a label in the text: one plan for every type
        String label = "";
        if (query.relatedToId() == null) {
            match.append("MATCH (n:").append(quote(objectLabel)).append(label).append(")");
        } else {
            match.append("MATCH (a:")
                    .append(quote(objectLabel))
                    .append(" {id: ")
                    .append(params.add(query.relatedToId()))
                    .append("})-[r")
                    .append(query.relationshipType() == null ? "" : ":" + quote(query.relationshipType()))
                    .append("]-(n:")
                    .append(quote(objectLabel))
                    .append(label)
                    .append(")");
            where.add(scope("a", query.scope(), params));
        }
        where.add("n." + NodeEncoding.TYPE + " IN " + params.add(query.types()));
        where.add(scope(N, query.scope(), params));
        where.add(new CypherFilter(N, params).write(query.filter().filter()));
        where.add(words(query, params));
        String related = query.relatedToId() == null ? "" : " WITH DISTINCT n";
        Cypher count = new Cypher(match + where(where) + related + " RETURN count(n) AS total", params.values());

        Cypher.Params pageParams = new Cypher.Params();
        pageParams.values().putAll(params.values());
        StringBuilder page = new StringBuilder(match);
        if (after == null) {
            page.append(where(where)).append(related);
        } else if (related.isEmpty()) {
            where.add(keyset(query.sort(), after, pageParams));
            page.append(where(where));
        } else {
            page.append(where(where)).append(related).append(" WHERE ").append(keyset(query.sort(), after, pageParams));
        }
        page.append(" WITH n ORDER BY ").append(String.join(", ", order(query.sort())));
        page.append(" LIMIT ").append(pageParams.add((long) query.limit() + 1));
        page.append(RETURN_OBJECT);
        return new CypherQuery(count, new Cypher(page.toString(), pageParams.values()));
    }

    /**
     * The statement that counts the objects a query (without a related object) selects, per type:
     * rows {@code type}, {@code count}.
     */
    static Cypher countsByType(ObjectQuery query, String objectLabel) {
        Cypher count = compile(query, null, objectLabel).count();
        String text = count.text().substring(0, count.text().lastIndexOf(" RETURN ")) + " RETURN n." + NodeEncoding.TYPE
                + " AS type, count(n) AS count";
        return new Cypher(text, count.parameters());
    }

    private static String where(List<String> parts) {
        String condition = CypherFilter.all(parts);
        return condition.equals(CypherFilter.TRUE) ? "" : " WHERE " + condition;
    }

    /** The scope as a predicate on a node: every value equal. */
    static String scope(String node, Scope scope, Cypher.Params params) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : scope.values().entrySet()) {
            parts.add(node + "." + quote(NodeEncoding.scopeKey(e.getKey())) + " = " + params.add(e.getValue()));
        }
        return CypherFilter.all(parts);
    }

    /** Every word, case-insensitively, a substring of one of the text fields' strings. */
    private static String words(ObjectQuery query, Cypher.Params params) {
        List<String> words = query.words();
        if (words.isEmpty()) {
            return CypherFilter.TRUE;
        }
        String texts;
        if (query.textFields().isEmpty()) {
            texts = "coalesce(n." + NodeEncoding.TEXT + ", [])";
        } else {
            List<String> lists = new ArrayList<>();
            for (FieldPath f : query.textFields()) {
                lists.add("coalesce(n." + quote(NodeEncoding.path(f) + "#s") + ", [])");
            }
            texts = String.join(" + ", lists);
        }
        List<String> parts = new ArrayList<>();
        for (String word : words) {
            String pattern = io.quarry.filter.FilterEvaluator.wholeTextJavaRegex(MatchOp.CONTAINS.pattern(word), true);
            parts.add("any(t IN " + texts + " WHERE t =~ " + params.add(pattern) + ")");
        }
        return CypherFilter.all(parts);
    }

    /** One sort key as the expressions ORDER BY reads, with their directions. */
    private record Part(String expression, boolean descending) {}

    private static List<List<Part>> parts(List<SortKey> sort) {
        List<List<Part>> parts = new ArrayList<>();
        for (SortKey key : sort) {
            if (ObjectOrder.isTextColumn(key)) {
                String column =
                        key.field().head().equals(NodeEncoding.ID) ? NodeEncoding.ID_ORDER : NodeEncoding.TYPE_ORDER;
                parts.add(List.of(new Part("n." + column, key.descending())));
            } else {
                String path = NodeEncoding.path(key.field());
                parts.add(List.of(
                        new Part("coalesce(n." + quote(path + "#k") + ", " + NodeEncoding.MISSING + ")", false),
                        new Part("n." + quote(path + "#v"), key.descending())));
            }
        }
        return parts;
    }

    private static List<String> order(List<SortKey> sort) {
        List<String> order = new ArrayList<>();
        for (List<Part> key : parts(sort)) {
            for (Part p : key) {
                order.add(p.expression() + (p.descending() ? " DESC" : ""));
            }
        }
        order.add("n." + NodeEncoding.ID_ORDER);
        return order;
    }

    /**
     * The rows after the cursor in the order: lexicographic over the keys' parts and the id, written
     * out as {@code (a > x) OR (a = x AND ...)}. A key the cursor's row lacks compares only its
     * bracket (every missing value is equal).
     */
    private static String keyset(List<SortKey> sort, Cursor after, Cypher.Params params) {
        List<String[]> comparisons = new ArrayList<>(); // {expression, after-operator, value placeholder}
        List<List<Part>> parts = parts(sort);
        for (int i = 0; i < sort.size(); i++) {
            JsonNode v = after.keyValues().get(i);
            List<Part> key = parts.get(i);
            if (key.size() == 1) {
                Part p = key.get(0);
                comparisons.add(new String[] {
                    p.expression(), p.descending() ? "<" : ">", params.add(NodeEncoding.text(v.asText()))
                });
                continue;
            }
            int bracket = v == null ? NodeEncoding.MISSING : ObjectOrder.bracket(v);
            comparisons.add(new String[] {key.get(0).expression(), ">", params.add((long) bracket)});
            if (bracket != NodeEncoding.MISSING) {
                Part p = key.get(1);
                comparisons.add(new String[] {
                    p.expression(), p.descending() ? "<" : ">", params.add(NodeEncoding.orderValue(bracket, v))
                });
            }
        }
        comparisons.add(new String[] {"n." + NodeEncoding.ID_ORDER, ">", params.add(NodeEncoding.text(after.id()))});
        List<String> alternatives = new ArrayList<>();
        for (int i = 0; i < comparisons.size(); i++) {
            List<String> conjunction = new ArrayList<>();
            for (int j = 0; j < i; j++) {
                conjunction.add(comparisons.get(j)[0] + " = " + comparisons.get(j)[2]);
            }
            String[] c = comparisons.get(i);
            conjunction.add(c[0] + " " + c[1] + " " + c[2]);
            alternatives.add(CypherFilter.all(conjunction));
        }
        return CypherFilter.any(alternatives);
    }
}
