package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.internal.Json;
import io.quarry.sql.TableLayout;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Composite keys of every column kind (issue 28 item 2; samples/composite_keys*.sql): keys with a
 * date, a timestamp without and with time zone, a time, a decimal, a text and an integer, in 2- and
 * 3-column keys, each referenced by a composite foreign key. Table by table and foreign key by foreign
 * key, every answer is the one hand-written SQL gives on the same database (rows are told apart by a
 * unique {@code tag} column, so no value of those types is compared through its JSON form) and the
 * one the in-memory evaluator gives over the same objects: listing in key order, get by id, keyset
 * pages of every size and under a sort by each key field (no row lost or repeated), {@code
 * related_to_id} both ways through each composite foreign key, {@code get_object_relationships} and
 * {@code get_project_graph}. The sample contract adds every filter on every field.
 */
abstract class CompositeKeysContract extends SampleSchemaContract {
    /** Every table of the sample; tags are unique across all of them. */
    static final List<String> TABLES = List.of(
            "shift",
            "shift_note",
            "reading",
            "reading_flag",
            "event",
            "event_ack",
            "slot_price",
            "slot_use",
            "ledger",
            "ledger_check");

    /** The tables whose primary key has more than one column. */
    static final List<String> COMPOSITE = List.of("shift", "reading", "event", "event_ack", "slot_price", "ledger");

    /** Each row's id, by its tag, as the listing of its type answers it. */
    final Map<String, String> idOfTag = new HashMap<>();

    @Override
    String sample() {
        return "composite_keys";
    }

    @Override
    boolean evaluatorLinks() {
        return true;
    }

    @BeforeAll
    void readIds() {
        for (String table : TABLES) {
            for (JsonNode o : list(type(table))) {
                idOfTag.put(o.at("/properties/tag").asText(), o.get("id").asText());
            }
        }
    }

    TableModel tableModel(String table) {
        return model.tables().stream()
                .filter(t -> t.name().equalsIgnoreCase(table))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no table " + table + " in " + model.tables()));
    }

    TableLayout.TypeTable typeTable(String table) {
        String name = tableModel(table).name();
        return layout().types().stream()
                .filter(t -> t.table().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no type for " + table + ": " + result.warnings()));
    }

    String type(String table) {
        return typeTable(table).type();
    }

    String q(String name) {
        return backend().dialect(dataSource).quoteIdentifier(tableModel(name).name());
    }

    String qc(String table, String column) {
        String name = tableModel(table).columns().stream()
                .map(ColumnModel::name)
                .filter(c -> c.equalsIgnoreCase(column))
                .findFirst()
                .orElseThrow();
        return backend().dialect(dataSource).quoteIdentifier(name);
    }

    /** The tags a SQL statement selects, in its order. */
    List<String> tags(String sql, Object... binds) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement st = c.prepareStatement(sql)) {
            for (int i = 0; i < binds.length; i++) {
                st.setObject(i + 1, binds[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    /**
     * The key columns in the order of ids: numbers and days as themselves, a column the layout
     * matches as its text ({@code as_text}: a time or a timestamp but on SQLite, which keeps them as
     * text) by that text. The text of a zoned timestamp is in the session's zone on PostgreSQL (so in
     * the order of instants) and keeps the offset written on H2 (so not).
     */
    String keyOrder(String table, String alias) {
        TableLayout.Key key = typeTable(table).key();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < key.columns().size(); i++) {
            String c = alias
                    + backend()
                            .dialect(dataSource)
                            .quoteIdentifier(key.columns().get(i));
            out.add(
                    key.types().get(i) == TableLayout.KeyType.AS_TEXT
                            ? backend().dialect(dataSource).asText(c)
                            : c);
        }
        return String.join(", ", out);
    }

    /** A column as SQL orders its values: on SQLite a timestamp by its instant (text with offsets). */
    String ordered(String table, String column) {
        String c = qc(table, column);
        boolean instant = tableModel(table)
                .column(tableModel(table).columns().stream()
                        .map(ColumnModel::name)
                        .filter(n -> n.equalsIgnoreCase(column))
                        .findFirst()
                        .orElseThrow())
                .map(m -> m.instantForm() != null)
                .orElse(false);
        return backend() == io.quarry.sql.Backend.SQLITE && instant ? "julianday(" + c + ")" : c;
    }

    /** Every object of a type, in the order the tool lists them, at full detail. */
    List<JsonNode> list(String type) {
        ToolResult r = call(
                "query_graph_objects",
                Json.object().put("type", type).put("limit", 1000).put("detail", "full"));
        assertThat(r.errorCode()).as(r.text()).isNull();
        List<JsonNode> out = new ArrayList<>();
        r.json().get("objects").forEach(out::add);
        return out;
    }

    static List<String> idsOf(List<JsonNode> objects) {
        return objects.stream().map(o -> o.get("id").asText()).toList();
    }

    List<String> idsOfTags(List<String> tags) {
        return tags.stream()
                .map(t -> idOfTag.getOrDefault(t, "<no id for " + t + ">"))
                .toList();
    }

    /** The ids of a page walk with pages of {@code limit} objects. */
    List<String> walk(ObjectNode arguments, int limit) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 100; page++) {
            ObjectNode args = arguments.deepCopy().put("limit", limit);
            if (cursor != null) {
                args.put("cursor", cursor);
            }
            ToolResult r = call("query_graph_objects", args);
            assertThat(r.errorCode()).as(r.text()).isNull();
            r.json().get("objects").forEach(o -> seen.add(o.get("id").asText()));
            JsonNode next = r.json().get("next_cursor");
            if (next == null || next.isNull()) {
                return seen;
            }
            cursor = next.asText();
        }
        throw new AssertionError("no last page after 100 pages: " + seen);
    }

    static Stream<String> tables() {
        return TABLES.stream();
    }

    static Stream<String> compositeTables() {
        return COMPOSITE.stream();
    }

    @Test
    void everyTableIsATypeWithItsWholeKey() {
        for (String table : TABLES) {
            assertThat(typeTable(table).key().columns())
                    .as(table)
                    .hasSameSizeAs(tableModel(table).primaryKey());
        }
    }

    @ParameterizedTest
    @MethodSource("tables")
    void theListingIsEveryRowInKeyOrderAsTheEvaluatorHasIt(String table) throws Exception {
        List<String> expected =
                tags("SELECT " + qc(table, "tag") + " FROM " + q(table) + " ORDER BY " + keyOrder(table, ""));
        List<JsonNode> objects = list(type(table));
        assertThat(objects.stream().map(o -> o.at("/properties/tag").asText()).toList())
                .as("tags in key order")
                .containsExactlyElementsOf(expected);
        assertThat(new HashSet<>(idsOf(objects))).as("distinct ids").hasSize(expected.size());
        ObjectNode args = Json.object().put("type", type(table)).put("limit", 1000);
        assertThat(ids(memory.call("query_graph_objects", args, ToolContext.unrestricted())))
                .as("evaluator")
                .containsExactlyInAnyOrderElementsOf(idsOf(objects));
    }

    @ParameterizedTest
    @MethodSource("tables")
    void everyIdGetsItsObject(String table) {
        for (JsonNode o : list(type(table))) {
            String id = o.get("id").asText();
            ToolResult got = call("get_graph_object", Json.object().put("id", id));
            assertThat(got.errorCode()).as(id + ": " + got.text()).isNull();
            assertThat(got.json().at("/object/id").asText()).isEqualTo(id);
            assertThat(got.json().at("/object/properties")).as(id).isEqualTo(o.get("properties"));
            ToolResult mem = memory.call("get_graph_object", Json.object().put("id", id), ToolContext.unrestricted());
            assertThat(mem.json().at("/object/properties"))
                    .as(id + " evaluator")
                    .isEqualTo(o.get("properties"));
        }
    }

    @ParameterizedTest
    @MethodSource("tables")
    void keysetPagesOfEverySizeVisitEveryRowOnceInKeyOrder(String table) {
        List<String> all = idsOf(list(type(table)));
        for (int limit = 1; limit <= 4; limit++) {
            assertThat(walk(Json.object().put("type", type(table)), limit))
                    .as("pages of " + limit)
                    .containsExactlyElementsOf(all);
        }
    }

    /**
     * Sorted by one key field, either way, pages of 2 visit every row once, in that field's order as
     * SQL ranks its values, and as one page does.
     */
    @ParameterizedTest
    @MethodSource("compositeTables")
    void pagesSortedByEachKeyFieldVisitEveryRowOnceInThatOrder(String table) throws Exception {
        TableLayout.TypeTable t = typeTable(table);
        for (String column : tableModel(table).primaryKey()) {
            String field = t.fields().entrySet().stream()
                    .filter(e -> e.getValue().column().equals(column))
                    .map(Map.Entry::getKey)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(table + "." + column + " is no field"));
            for (String direction : List.of("asc", "desc")) {
                ObjectNode args = Json.object().put("type", type(table));
                args.putArray("sort").addObject().put("field", field).put("direction", direction);
                List<String> one = walk(args, 1000);
                String what = table + " by " + field + " " + direction;
                assertThat(walk(args, 2)).as(what + ", pages of 2").containsExactlyElementsOf(one);
                Map<String, Integer> rank = new HashMap<>();
                try (Connection c = dataSource.getConnection();
                        PreparedStatement st = c.prepareStatement("SELECT " + qc(table, "tag") + ", DENSE_RANK() OVER"
                                + " (ORDER BY " + ordered(table, column) + " " + direction + ") FROM " + q(table));
                        ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        rank.put(idOfTag.get(rs.getString(1)), rs.getInt(2));
                    }
                }
                assertThat(one).as(what).containsExactlyInAnyOrderElementsOf(rank.keySet());
                List<Integer> ranks = one.stream().map(rank::get).toList();
                assertThat(ranks)
                        .as(what + ": SQL's rank of each object's value")
                        .isSorted();
            }
        }
    }

    /**
     * An id whose components cannot be the key's (a day that is none, a time of 25 hours, a number
     * that is text, a component too many or too few) finds nothing on every tool, never {@code
     * INTERNAL}; nor does a filter on a key field with a value its column cannot hold.
     */
    @ParameterizedTest
    @MethodSource("compositeTables")
    void anIdThatCannotBeAKeyIsNotFound(String table) {
        String type = type(table);
        int n = tableModel(table).primaryKey().size();
        List<String> wrong = new ArrayList<>();
        for (String bad : List.of("x", "2024-13-45", "25:99:99", "2024-01-01 99:00:00", "1e999", "")) {
            for (int i = 0; i < n; i++) {
                List<String> parts = new ArrayList<>(java.util.Collections.nCopies(n, "1"));
                parts.set(i, bad);
                wrong.add(type + ":" + String.join(",", parts));
            }
        }
        wrong.add(type + ":1");
        wrong.add(type + ":" + String.join(",", java.util.Collections.nCopies(n + 1, "1")));
        List<String> failures = new ArrayList<>();
        for (String id : wrong) {
            ToolResult get = call("get_graph_object", Json.object().put("id", id));
            if (!"NOT_FOUND".equals(get.errorCode())) {
                failures.add("get " + id + " -> " + get.text());
            }
            ToolResult rels = call("get_object_relationships", Json.object().put("id", id));
            if (!"NOT_FOUND".equals(rels.errorCode())) {
                failures.add("relationships " + id + " -> " + rels.text());
            }
            ToolResult graph = call("get_project_graph", Json.object().put("root_id", id));
            if (!"NOT_FOUND".equals(graph.errorCode())) {
                failures.add("graph " + id + " -> " + graph.text());
            }
            for (String other : TABLES) {
                ToolResult related = call(
                        "query_graph_objects",
                        Json.object().put("type", type(other)).put("related_to_id", id));
                if (related.errorCode() != null
                        ? !related.errorCode().equals("NOT_FOUND")
                        : !related.json().get("objects").isEmpty()) {
                    failures.add(type(other) + " related to " + id + " -> " + related.text());
                }
            }
        }
        for (String field : schema().type(type).orElseThrow().exposedFieldNames()) {
            for (String bad : List.of("x", "25:99:99", "2024-13-45")) {
                ObjectNode eq = Json.object().put("type", type);
                eq.putObject("properties").put(field, bad);
                ToolResult r = call("query_graph_objects", eq);
                if ("INTERNAL".equals(r.errorCode())) {
                    failures.add(type + " " + field + " = " + bad + " -> " + r.text());
                }
                ObjectNode gte = Json.object().put("type", type);
                gte.putObject("properties").putObject(field).put("$gte", bad);
                r = call("query_graph_objects", gte);
                if ("INTERNAL".equals(r.errorCode())) {
                    failures.add(type + " " + field + " >= " + bad + " -> " + r.text());
                }
            }
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    /** A composite foreign key: the holding table, the target table and the column pairs. */
    record Reference(String table, String target, List<String> columns, List<String> targetColumns) {
        @Override
        public String toString() {
            return table + columns + " -> " + target + targetColumns;
        }
    }

    List<Reference> references() {
        List<Reference> out = new ArrayList<>();
        for (String table : TABLES) {
            for (ForeignKeyModel fk : tableModel(table).foreignKeys()) {
                out.add(new Reference(table, fk.targetTable(), fk.columns(), fk.targetColumns()));
            }
        }
        return out;
    }

    String join(Reference r) {
        StringBuilder on = new StringBuilder();
        for (int i = 0; i < r.columns().size(); i++) {
            on.append(i == 0 ? "" : " AND ")
                    .append("c.")
                    .append(qc(r.table(), r.columns().get(i)))
                    .append(" = p.")
                    .append(qc(r.target(), r.targetColumns().get(i)));
        }
        return " FROM " + q(r.table()) + " c JOIN " + q(r.target()) + " p ON " + on;
    }

    String relationship(Reference r) {
        return typeTable(r.table()).foreignKeys().stream()
                .filter(fk -> fk.columns().equals(r.columns()))
                .map(TableLayout.ForeignKey::relationship)
                .findFirst()
                .orElseThrow(() -> new AssertionError(r + " is no relationship: " + result.warnings()));
    }

    @Test
    void everyCompositeForeignKeyIsARelationship() {
        assertThat(references()).hasSize(5);
        references().forEach(this::relationship);
    }

    /**
     * {@code related_to_id} through each composite foreign key, from every target object to the
     * objects holding its key and from every holding object back to its target: as the SQL join.
     */
    @Test
    void relatedToIdThroughCompositeForeignKeysIsTheJoin() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Reference r : references()) {
            String ctag = "c." + qc(r.table(), "tag");
            String ptag = "p." + qc(r.target(), "tag");
            for (JsonNode parent : list(type(r.target()))) {
                String id = parent.get("id").asText();
                List<String> expected = idsOfTags(tags(
                        "SELECT " + ctag + join(r) + " WHERE " + ptag + " = ?",
                        parent.at("/properties/tag").asText()));
                ObjectNode args = Json.object()
                        .put("type", type(r.table()))
                        .put("related_to_id", id)
                        .put("relationship_type", relationship(r))
                        .put("limit", 1000);
                compare(failures, r + " of " + id, expected, args);
            }
            for (JsonNode child : list(type(r.table()))) {
                String id = child.get("id").asText();
                List<String> expected = idsOfTags(tags(
                        "SELECT " + ptag + join(r) + " WHERE " + ctag + " = ?",
                        child.at("/properties/tag").asText()));
                ObjectNode args = Json.object()
                        .put("type", type(r.target()))
                        .put("related_to_id", id)
                        .put("limit", 1000);
                compare(failures, r + " from " + id, expected, args);
            }
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    private void compare(List<String> failures, String what, List<String> expected, ObjectNode args) {
        List<String> db = ids(call("query_graph_objects", args));
        List<String> mem = ids(memory.call("query_graph_objects", args, ToolContext.unrestricted()));
        if (!new TreeSet<>(db).equals(new TreeSet<>(expected)) || db.size() != expected.size()) {
            failures.add(what + ": " + db + ", SQL " + expected);
        }
        if (!new TreeSet<>(mem).equals(new TreeSet<>(expected)) || mem.size() != expected.size()) {
            failures.add(what + ": evaluator " + mem + ", SQL " + expected);
        }
    }

    /** Each object's neighbours by SQL: its targets and the objects holding its key, over every reference. */
    Map<String, Set<String>> neighbours() throws Exception {
        Map<String, Set<String>> out = new HashMap<>();
        idOfTag.values().forEach(id -> out.put(id, new TreeSet<>()));
        for (Reference r : references()) {
            try (Connection c = dataSource.getConnection();
                    PreparedStatement st = c.prepareStatement(
                            "SELECT c." + qc(r.table(), "tag") + ", p." + qc(r.target(), "tag") + join(r));
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    String child = idOfTag.get(rs.getString(1));
                    String parent = idOfTag.get(rs.getString(2));
                    out.get(child).add(parent);
                    out.get(parent).add(child);
                }
            }
        }
        return out;
    }

    @Test
    void objectRelationshipsAreTheJoins() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : neighbours().entrySet()) {
            ToolResult r = call(
                    "get_object_relationships",
                    Json.object().put("id", e.getKey()).put("limit", 100));
            if (r.errorCode() != null) {
                failures.add(e.getKey() + " -> " + r.text());
                continue;
            }
            Set<String> got = new TreeSet<>();
            r.json()
                    .get("relationships")
                    .forEach(l -> got.add(l.at("/object/id").asText()));
            if (!got.equals(e.getValue())) {
                failures.add(e.getKey() + ": " + got + ", SQL " + e.getValue());
            }
            ToolResult mem = memory.call(
                    "get_object_relationships",
                    Json.object().put("id", e.getKey()).put("limit", 100),
                    ToolContext.unrestricted());
            Set<String> memGot = new TreeSet<>();
            if (mem.errorCode() == null) {
                mem.json()
                        .get("relationships")
                        .forEach(l -> memGot.add(l.at("/object/id").asText()));
            }
            if (!memGot.equals(e.getValue())) {
                failures.add(e.getKey() + ": evaluator " + mem.text() + ", SQL " + e.getValue());
            }
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    @Test
    void projectGraphsOfDepthOneAreTheJoins() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : neighbours().entrySet()) {
            ToolResult r = call(
                    "get_project_graph",
                    Json.object().put("root_id", e.getKey()).put("max_depth", 1));
            if (r.errorCode() != null) {
                failures.add(e.getKey() + " -> " + r.text());
                continue;
            }
            Set<String> got = new TreeSet<>();
            r.json().get("nodes").forEach(n -> got.add(n.get("id").asText()));
            got.remove(e.getKey());
            if (!got.equals(e.getValue())) {
                failures.add(e.getKey() + ": " + got + ", SQL " + e.getValue());
            }
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }
}
