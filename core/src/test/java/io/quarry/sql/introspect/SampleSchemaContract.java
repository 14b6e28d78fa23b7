package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Schema;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.TableLayout;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A public sample database we did not design (core/src/test/resources/io/quarry/sql/samples, with
 * its licence), created on a backend, introspected with nothing but the data source and served as it
 * is: every tool on every type and field answers (never {@code INTERNAL}), and what it answers is what
 * SQL on the same database says (counts by equality on each field, each object's key columns).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SampleSchemaContract {
    DataSource dataSource;
    DatabaseModel model;
    Introspection result;
    Toolkit memory;
    QuarryConfig config;
    Toolkit toolkit;

    /** The backend under test. */
    abstract Backend backend();

    /**
     * The sample's name: its files are {@code samples/NAME.<dialect>.sql} (or {@code NAME.sql} for the
     * dialects without one) and {@code samples/NAME.data.sql}.
     */
    abstract String sample();

    String dialect() {
        return backend().name().toLowerCase(Locale.ROOT);
    }

    @BeforeAll
    void serve() throws Exception {
        dataSource = backend().pooledDataSource("sample_" + sample());
        String base = "/io/quarry/sql/samples/" + sample();
        // the schema: the dialect's own, or one for every dialect that quotes names with double quotes
        Backend.script(
                dataSource, exists(base + "." + dialect() + ".sql") ? base + "." + dialect() + ".sql" : base + ".sql");
        // the rows: one file for every dialect, or the dialect's own (a sample shipped per dialect)
        Backend.script(
                dataSource,
                exists(base + "." + dialect() + ".data.sql")
                        ? base + "." + dialect() + ".data.sql"
                        : base + ".data.sql");
        // the keys, when a dump adds them after the rows
        if (exists(base + "." + dialect() + ".keys.sql")) {
            Backend.script(dataSource, base + "." + dialect() + ".keys.sql");
        }
        Introspector introspector =
                Introspector.builder().dataSource(dataSource).build();
        model = introspector.read();
        result = introspector.introspect();
        config = QuarryConfig.parse(result.toYaml(), sample() + ".yaml");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(backend().dialect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout();
        toolkit = Toolkit.builder()
                .config(config)
                .store(store)
                .limits(io.quarry.tool.Limits.builder()
                        .maxLimit(1000)
                        .sizeBudget(50_000_000)
                        .build())
                .build();
        // the evaluator's answers: every object of every type, held in memory, served by the same tools
        List<GraphObject> objects = new ArrayList<>();
        for (TableLayout.TypeTable table : layout().types()) {
            objects.addAll(store.search(ObjectQuery.builder()
                            .types(List.of(table.type()))
                            .limit(1000)
                            .build())
                    .items());
        }
        // and, where the contract compares relationships, every object's relationships as the store reads them
        java.util.Map<String, io.quarry.store.GraphRelationship> links = new java.util.LinkedHashMap<>();
        if (evaluatorLinks()) {
            for (GraphObject o : objects) {
                store.relationships(o.id(), io.quarry.store.Scope.unrestricted())
                        .forEach(r -> links.putIfAbsent(r.id(), r));
            }
        }
        memory = Toolkit.builder()
                .schema(schema())
                .store(InMemoryObjectStore.of(objects, links.values()))
                .limits(io.quarry.tool.Limits.builder()
                        .maxLimit(1000)
                        .sizeBudget(50_000_000)
                        .build())
                .build();
    }

    /** Whether the evaluator holds the relationships too (one read per object: off for the larger samples). */
    boolean evaluatorLinks() {
        return false;
    }

    static boolean exists(String resource) {
        return SampleSchemaContract.class.getResource(resource) != null;
    }

    /** The ids a query answers, in order, or the error. */
    static List<String> ids(ToolResult r) {
        if (r.errorCode() != null) {
            return List.of(r.errorCode() + ": " + r.text());
        }
        List<String> out = new ArrayList<>();
        r.json().get("objects").forEach(o -> out.add(o.get("id").asText()));
        return out;
    }

    /** A query answered by the database and by the evaluator over the same objects: the same ids, as sets. */
    ToolResult agree(List<String> failures, String what, ObjectNode arguments) {
        ToolResult answer = call(arguments);
        List<String> db = ids(answer);
        List<String> mem = ids(memory.call("query_graph_objects", arguments, ToolContext.unrestricted()));
        if (!new java.util.HashSet<>(db).equals(new java.util.HashSet<>(mem)) || db.size() != mem.size()) {
            failures.add(what + ": database " + db.size() + " objects " + head(db) + ", evaluator " + mem.size() + " "
                    + head(mem));
        }
        return answer;
    }

    private ToolResult call(ObjectNode arguments) {
        return call("query_graph_objects", arguments);
    }

    private static List<String> head(List<String> ids) {
        return ids.subList(0, Math.min(3, ids.size()));
    }

    /** The column's SQL type as the catalog names it. */
    String sqlType(TableLayout.TypeTable table, String column) {
        return model.tables().stream()
                .filter(t -> t.name().equals(table.table()))
                .findFirst()
                .flatMap(t -> t.column(column))
                .map(ColumnModel::sqlType)
                .orElseThrow();
    }

    ToolResult call(String tool, ObjectNode arguments) {
        return toolkit.call(tool, arguments, ToolContext.unrestricted());
    }

    Schema schema() {
        return config.schema().orElseThrow();
    }

    TableLayout layout() {
        return config.store().orElseThrow().tables();
    }

    /** The SQL count of a table's rows, optionally where a column equals a value. */
    long count(TableLayout.TypeTable table, String column, Object value) throws Exception {
        String q = backend().dialect(dataSource).quoteIdentifier(table.table());
        String sql = "SELECT COUNT(*) FROM " + q;
        if (column != null) {
            String c = backend().dialect(dataSource).quoteIdentifier(column);
            // on PostgreSQL a number is compared in the column's own type: 0.05 is 0.05::real for a real column
            String bound = backend() == Backend.POSTGRES && value instanceof BigDecimal
                    ? "CAST(? AS " + sqlType(table, column) + ")"
                    : "?";
            // an enum or uuid compared as its text; a character(n) as itself (its text drops the padding)
            boolean text = backend() == Backend.POSTGRES
                    && value instanceof String
                    && !List.of("bpchar", "character", "char").contains(sqlType(table, column));
            sql += " WHERE " + (text ? c + "::text" : c) + " = " + bound;
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement st = c.prepareStatement(sql)) {
            if (column != null) {
                // SQLite's driver binds a decimal as text, which a column without affinity (a view's
                // expression) never equals: bind the number itself
                st.setObject(
                        1,
                        backend() == Backend.SQLITE && value instanceof BigDecimal d
                                ? (d.stripTrailingZeros().scale() <= 0 ? (Object) d.longValue() : d.doubleValue())
                                : value);
            }
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** What a JSON value is bound as in the SQL that computes the expected count, or null when not compared. */
    static Object bind(Field field, JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        return switch (field.type()) {
            case INTEGER, NUMBER -> v.isNumber() ? v.decimalValue() : null;
            case DATE -> java.sql.Date.valueOf(v.asText());
            case STRING, TEXT, ENUM -> v.asText();
            case BOOLEAN -> v.booleanValue();
            default -> null;
        };
    }

    /** A tool answer that is no error, else a line naming the call and its error. */
    static void check(List<String> failures, String what, ToolResult r) {
        if (r.errorCode() != null) {
            failures.add(what + " -> " + r.text());
        }
    }

    @Test
    void everyToolAnswersOnEveryTypeAndFieldAsSqlDoes() throws Exception {
        List<String> failures = new ArrayList<>();
        for (TableLayout.TypeTable table : layout().types()) {
            String type = table.type();
            EntityType entity = schema().type(type).orElseThrow();
            ToolResult all = call(
                    "query_graph_objects",
                    Json.object().put("type", type).put("limit", 1000).put("detail", "full"));
            check(failures, type + " list", all);
            if (all.errorCode() != null) {
                continue;
            }
            long rows = count(table, null, null);
            if (all.json().get("objects").size() != Math.min(rows, 1000)) {
                failures.add(type + " list: " + all.json().get("objects").size() + " objects, SQL " + rows);
            }
            if (rows == 0) {
                continue;
            }
            JsonNode first = all.json().get("objects").get(0);
            String id = first.get("id").asText();
            ToolResult got = call("get_graph_object", Json.object().put("id", id));
            check(failures, type + " get " + id, got);
            if (got.errorCode() == null
                    && !got.json().get("object").get("id").asText().equals(id)) {
                failures.add(type + " get " + id + " answered "
                        + got.json().get("object").get("id"));
            }
            check(
                    failures,
                    type + " relationships " + id,
                    call("get_object_relationships", Json.object().put("id", id)));
            check(
                    failures,
                    type + " project graph " + id,
                    call("get_project_graph", Json.object().put("root_id", id)));
            for (String other : schema().typeNames()) {
                check(
                        failures,
                        other + " related to " + id,
                        call(
                                "query_graph_objects",
                                Json.object().put("type", other).put("related_to_id", id)));
            }
            // a page walk by key visits every row once
            List<String> walked = new ArrayList<>();
            String cursor = null;
            for (int page = 0; page < 200; page++) {
                ObjectNode args = Json.object().put("type", type).put("limit", 37);
                if (cursor != null) {
                    args.put("cursor", cursor);
                }
                ToolResult r = call("query_graph_objects", args);
                check(failures, type + " page " + page, r);
                if (r.errorCode() != null) {
                    break;
                }
                r.json().get("objects").forEach(o -> walked.add(o.get("id").asText()));
                JsonNode next = r.json().get("next_cursor");
                if (next == null || next.isNull()) {
                    break;
                }
                cursor = next.asText();
            }
            if (walked.size() != Math.min(rows, 7400)
                    || walked.stream().distinct().count() != walked.size()) {
                failures.add(type + " page walk: " + walked.size() + " ids ("
                        + walked.stream().distinct().count() + " distinct), SQL " + rows);
            }
            for (Field field : entity.fields()) {
                if (!field.exposed()) {
                    continue;
                }
                String f = field.name();
                ObjectNode sort = Json.object().put("type", type);
                sort.putArray("sort").addObject().put("field", f).put("direction", "desc");
                check(failures, type + " sort " + f, call("query_graph_objects", sort));
                ObjectNode group = Json.object().put("type", type).put("group_by", f);
                group.putArray("metrics").addObject().put("op", "count");
                check(failures, type + " group by " + f, call("aggregate_graph_objects", group));
                for (JsonNode v : values(all.json().get("objects"), f, view(table) ? 1 : 3)) {
                    ObjectNode eq = Json.object().put("type", type).put("limit", 1000);
                    eq.putObject("properties").set(f, v);
                    ToolResult equal = agree(failures, type + " " + f + " = " + v, eq);
                    check(failures, type + " " + f + " = " + v, equal);
                    ObjectNode in = Json.object().put("type", type).put("limit", 1000);
                    in.putObject("properties").putObject(f).putArray("$in").add(v);
                    check(
                            failures,
                            type + " " + f + " $in [" + v + "]",
                            agree(failures, type + " " + f + " $in [" + v + "]", in));
                    if (v.isNumber() || v.isTextual()) {
                        ObjectNode gte = Json.object().put("type", type).put("limit", 1000);
                        gte.putObject("properties").putObject(f).set("$gte", v);
                        agree(failures, type + " " + f + " >= " + v, gte);
                    }
                    TableLayout.FieldColumn column = table.fields().get(f);
                    Object bound =
                            backend() == Backend.SQLITE && field.type() == FieldType.DATE ? v.asText() : bind(field, v);
                    if (equal.errorCode() == null && column != null && bound != null) {
                        long expected = count(table, column.column(), bound);
                        if (equal.json().get("objects").size() != expected) {
                            failures.add(type + " " + f + " = " + v + ": "
                                    + equal.json().get("objects").size() + " objects, SQL " + expected);
                        }
                    }
                    if (field.type() == FieldType.ENUM) {
                        ObjectNode search =
                                Json.object().put("entity_type", type).put("field", f);
                        search.putArray("values").add(v);
                        check(failures, type + " enum_filter_search " + f, call("enum_filter_search", search));
                    }
                    if (field.type() == FieldType.INTEGER || field.type() == FieldType.NUMBER) {
                        ObjectNode range = Json.object()
                                .put("entity_type", type)
                                .put("field", f)
                                .put("operator", "gte")
                                .put("value", v.decimalValue());
                        check(failures, type + " number_range_search " + f, call("number_range_search", range));
                    }
                    if (field.type() == FieldType.DATE) {
                        ObjectNode range = Json.object()
                                .put("entity_type", type)
                                .put("field", f)
                                .put("mode", "after")
                                .put("datetime", v.asText());
                        check(failures, type + " datetime_range_search " + f, call("datetime_range_search", range));
                    }
                }
            }
        }
        ObjectNode untyped = Json.object().put("query", "Engineer");
        check(failures, "untyped text search", call("query_graph_objects", untyped));
        check(failures, "full schema", call("get_database_schema", Json.object().put("detail", "full")));
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    /**
     * Every key column is a field too (but a column named like a system field, {@code id}, which the id
     * is): an agent filters by {@code emp_no} without taking an id apart.
     */
    @Test
    void keyColumnsAreFields() {
        List<String> missing = new ArrayList<>();
        for (TableLayout.TypeTable table : layout().types()) {
            for (String k : table.key().columns()) {
                boolean field = table.fields().values().stream()
                        .anyMatch(c -> c.column().equals(k));
                if (!field && !io.quarry.schema.Names.isSystemField(Naming.snakeCase(k))) {
                    missing.add(table.type() + "." + k);
                }
            }
        }
        assertThat(missing).as("key columns without a field").isEmpty();
    }

    /**
     * A foreign key's objects are those SQL finds: for the first objects of each target, {@code
     * query_graph_objects} of the holding type {@code related_to_id} the target through the foreign
     * key's relationship answers as many objects as {@code SELECT COUNT(*) … WHERE fk = key} counts.
     */
    @Test
    void relatedObjectsAreThoseSqlCounts() throws Exception {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        int candidates = 0;
        for (TableLayout.TypeTable table : layout().types()) {
            for (TableLayout.ForeignKey fk : table.foreignKeys()) {
                TableLayout.TypeTable target = layout().table(fk.targetType()).orElseThrow();
                if (fk.columns().size() != 1
                        || target.type().equals(table.type())
                        || target.key().columns().size() != 1) {
                    continue;
                }
                String keyColumn = target.key().columns().get(0);
                String keyField = target.fields().entrySet().stream()
                        .filter(e -> e.getValue().column().equals(keyColumn))
                        .map(java.util.Map.Entry::getKey)
                        .findFirst()
                        .orElse(null);
                if (keyField == null) {
                    continue;
                }
                Field field = schema().type(target.type())
                        .orElseThrow()
                        .field(keyField)
                        .orElseThrow();
                ToolResult targets = call(
                        "query_graph_objects",
                        Json.object().put("type", target.type()).put("limit", 3));
                check(failures, target.type() + " list", targets);
                if (targets.errorCode() != null) {
                    continue;
                }
                for (JsonNode o : targets.json().get("objects")) {
                    String id = o.get("id").asText();
                    Object key = bind(field, o.path("properties").get(keyField));
                    ObjectNode related = Json.object()
                            .put("type", table.type())
                            .put("related_to_id", id)
                            .put("relationship_type", fk.relationship())
                            .put("limit", 1000);
                    ToolResult r = call("query_graph_objects", related);
                    String what = table.type() + " " + fk.relationship() + " " + id;
                    check(failures, what, r);
                    if (r.errorCode() != null || key == null) {
                        continue;
                    }
                    long expected = count(table, fk.columns().get(0), key);
                    if (r.json().get("objects").size() != Math.min(expected, 1000)) {
                        failures.add(what + ": " + r.json().get("objects").size() + " objects, SQL " + expected);
                    }
                    checked++;
                }
                candidates += targets.json().get("objects").size();
            }
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
        // a sample whose foreign keys are all composite (composite_keys) has its own contract for them
        if (candidates > 0) {
            assertThat(checked).as("relationships checked").isPositive();
        }
    }

    /**
     * Whether the type's table is a view: its fields are checked with one value each, since a sample's
     * views mostly repeat its tables' columns (Northwind's SQLite port has 17).
     */
    boolean view(TableLayout.TypeTable table) {
        return model.tables().stream().anyMatch(t -> t.name().equals(table.table()) && t.view());
    }

    /** Up to {@code n} distinct non-null values of a field, in the order the objects hold them. */
    static List<JsonNode> values(JsonNode objects, String field, int n) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode o : objects) {
            JsonNode v = o.path("properties").get(field);
            if (v != null && !v.isNull() && !out.contains(v) && out.size() < n) {
                out.add(v);
            }
        }
        return out;
    }

    static BigDecimal number(JsonNode v) {
        return v.decimalValue();
    }
}
