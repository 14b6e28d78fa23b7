package io.quarry.sql;

import static io.quarry.sql.TableLayout.ColumnType.BOOLEAN;
import static io.quarry.sql.TableLayout.ColumnType.NUMBER;
import static io.quarry.sql.TableLayout.ColumnType.TEXT;
import static io.quarry.sql.TableLayout.ColumnType.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterParser;
import io.quarry.filter.FilterValidator;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.sql.TableLayout.FieldColumn;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.Scope;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Generated aggregations over a table layout give the {@link InMemoryObjectStore}'s answer on the same
 * objects: three type tables with text columns holding numeric strings, case variants and trailing
 * spaces, a decimal, an integer and a floating column, booleans, timestamps, a path in a JSON column
 * and a rest column; a field that is a number in one table and text in another, or missing from one.
 * Each try groups by nothing, {@code type} or a field and asks one to three metrics, under a filter and
 * a {@code maxObjects} of 1, 7 or 100,000.
 *
 * <p>What runs in SQL (docs/sql.md) is exact however many objects match: those aggregations must be
 * complete and equal the evaluator's over every matching object. The others read the first {@code
 * maxObjects} objects by id, as the evaluator does. A sum the database can only compute in floating
 * point may go either way, and is then either answer exactly.
 *
 * <p>Lifecycle as in {@link GeneratedFilterContract}: jqwik, a store per backend per JVM.
 */
abstract class TableAggregationContract implements BackendUnderTest {
    private static final List<String> TYPES = List.of("Sale", "Refund", "Memo");
    private static final Schema SCHEMA = QuarryConfig.parse(
                    "{\"types\": {\"Sale\": {\"description\": \"s\"}, \"Refund\": {\"description\": \"r\"},"
                            + " \"Memo\": {\"description\": \"m\"}}}",
                    "schema.yaml")
            .schema()
            .orElseThrow();
    private static final DataFile.DataSet DATA = data();
    private static final InMemoryObjectStore MEMORY = InMemoryObjectStore.of(DATA);
    private static final Map<Backend, JdbcObjectStore> STORES = new ConcurrentHashMap<>();

    private static final List<String> GROUPS = List.of(
            "-",
            "type",
            "region",
            "amount",
            "qty",
            "ratio",
            "paid",
            "at",
            "code",
            "tier",
            "absent",
            "at/month",
            "at/week/+05:30",
            "at/day/-11:00",
            "at/quarter/+14:00",
            "at/year",
            "region/day",
            "amount/year",
            "tier/month",
            "absent/day");
    private static final List<String> FIELDS =
            List.of("region", "amount", "qty", "ratio", "paid", "at", "code", "tier", "absent");
    private static final List<String> FILTERS = List.of(
            "{}",
            "{\"amount\": {\"$gt\": 0}}",
            "{\"paid\": true}",
            "{\"region\": {\"$in\": [\"north\", \"7\", \"\"]}}",
            "{\"qty\": {\"$lte\": 10}}",
            "{\"at\": {\"$gte\": \"2024-03-01T00:00:00Z\"}}",
            "{\"region\": \"nowhere\"}");

    static TableLayout layout() {
        Map<String, FieldColumn> sale = new LinkedHashMap<>();
        sale.put("region", FieldColumn.column("region", TEXT));
        sale.put("amount", FieldColumn.column("amount", NUMBER));
        sale.put("qty", FieldColumn.column("qty", NUMBER));
        sale.put("ratio", FieldColumn.column("ratio", NUMBER));
        sale.put("paid", FieldColumn.column("paid", BOOLEAN));
        sale.put("at", FieldColumn.column("at", TIMESTAMP));
        sale.put("code", FieldColumn.column("code", TEXT));
        sale.put("tier", FieldColumn.path("extra", "tier"));
        Map<String, FieldColumn> refund = new LinkedHashMap<>();
        refund.put("region", FieldColumn.column("r_region", TEXT));
        refund.put("amount", FieldColumn.column("r_amount", NUMBER));
        refund.put("qty", FieldColumn.column("r_qty", TEXT));
        refund.put("at", FieldColumn.column("r_at", TIMESTAMP));
        refund.put("code", FieldColumn.column("r_code", NUMBER));
        Map<String, FieldColumn> memo = new LinkedHashMap<>();
        memo.put("region", FieldColumn.column("region", TEXT));
        return new TableLayout(
                List.of(
                        new TableLayout.TypeTable(
                                "Sale", "agg_sales", "id", null, null, List.of(), sale, null, List.of()),
                        new TableLayout.TypeTable(
                                "Refund", "agg_refunds", "id", null, null, List.of(), refund, null, List.of()),
                        new TableLayout.TypeTable(
                                "Memo", "agg_memos", "id", null, null, List.of(), memo, "props", List.of())),
                List.of());
    }

    /** Deterministic objects with every kind of value the columns hold, and NULLs. */
    static DataFile.DataSet data() {
        Random r = new Random(11);
        String[] regions = {"north", "North", "north ", "south", "7", "007", "1e1", "10", ""};
        String[] codes = {"42", "007", "n/a", "", "-3", "abc", "1e2", "7"};
        String[] quantities = {"3", "04", "x", "2.5", "-1"};
        BigDecimal[] ratios = {
            new BigDecimal("0.1"),
            new BigDecimal("0.2"),
            new BigDecimal("0.125"),
            new BigDecimal("2.5"),
            new BigDecimal("-0.75"),
            new BigDecimal("1000")
        };
        Instant base = Instant.parse("2024-01-01T00:00:00Z");
        List<GraphObject> objects = new ArrayList<>();
        for (int i = 1; i <= 90; i++) {
            ObjectNode p = Json.object();
            maybe(r, () -> p.put("region", regions[r.nextInt(regions.length)]));
            maybe(r, () -> p.put("amount", BigDecimal.valueOf(r.nextInt(200_000) - 50_000, r.nextInt(3))));
            maybe(r, () -> p.put("qty", r.nextInt(40) - 5));
            maybe(r, () -> p.put("ratio", ratios[r.nextInt(ratios.length)]));
            maybe(r, () -> p.put("paid", r.nextBoolean()));
            maybe(r, () -> p.put("at", IsoDateTime.format(base.plusSeconds(r.nextInt(10_000_000)))));
            maybe(r, () -> p.put("code", codes[r.nextInt(codes.length)]));
            switch (r.nextInt(4)) {
                case 0 -> p.put("tier", "gold");
                case 1 -> p.put("tier", 2);
                case 2 -> p.putNull("tier");
                default -> {}
            }
            objects.add(object(String.format("s%03d", i), "Sale", p));
        }
        for (int i = 1; i <= 40; i++) {
            ObjectNode p = Json.object();
            maybe(r, () -> p.put("region", regions[r.nextInt(regions.length)]));
            maybe(r, () -> p.put("amount", BigDecimal.valueOf(r.nextInt(5_000), 1)));
            maybe(r, () -> p.put("qty", quantities[r.nextInt(quantities.length)]));
            maybe(r, () -> p.put("at", IsoDateTime.format(base.plusSeconds(r.nextInt(10_000_000)))));
            maybe(r, () -> p.put("code", r.nextInt(50)));
            objects.add(object(String.format("r%03d", i), "Refund", p));
        }
        for (int i = 1; i <= 30; i++) {
            ObjectNode p = Json.object();
            maybe(r, () -> p.put("region", regions[r.nextInt(regions.length)]));
            switch (r.nextInt(3)) {
                case 0 -> p.put("amount", r.nextInt(100));
                case 1 -> p.put("amount", String.valueOf(r.nextInt(100)));
                default -> {}
            }
            maybe(r, () -> p.put("qty", r.nextInt(9)));
            maybe(r, () -> p.putArray("at").add(IsoDateTime.format(base.plusSeconds(r.nextInt(9_000_000)))));
            objects.add(object(String.format("m%03d", i), "Memo", p));
        }
        return new DataFile.DataSet(objects, List.of());
    }

    private static void maybe(Random r, Runnable put) {
        if (r.nextInt(5) != 0) {
            put.run();
        }
    }

    private static GraphObject object(String id, String type, ObjectNode properties) {
        return new GraphObject(id, type, properties, Instant.EPOCH, Instant.EPOCH, Map.of());
    }

    JdbcObjectStore store() {
        return STORES.computeIfAbsent(backend(), b -> {
            DataSource ds = b.pooledDataSource("table_aggregation_" + b.name());
            Dialect dialect = b.dialect(ds);
            String floating =
                    switch (dialect.name()) {
                        case "sqlite" -> "REAL";
                        case "mysql", "mariadb" -> "DOUBLE";
                        default -> "DOUBLE PRECISION";
                    };
            TableFixture.ddl(
                    ds,
                    dialect,
                    "CREATE TABLE \"agg_sales\" (\"id\" VARCHAR(64) PRIMARY KEY, \"region\" {text},"
                            + " \"amount\" {number}, \"qty\" INTEGER, \"ratio\" " + floating + ", \"paid\" {bool},"
                            + " \"at\" {ts}, \"code\" {text}, \"extra\" {json})",
                    "CREATE TABLE \"agg_refunds\" (\"id\" VARCHAR(64) PRIMARY KEY, \"r_region\" {text},"
                            + " \"r_amount\" {number}, \"r_qty\" {text}, \"r_at\" {ts}, \"r_code\" INTEGER)",
                    "CREATE TABLE \"agg_memos\" (\"id\" VARCHAR(64) PRIMARY KEY, \"region\" {text}, \"props\" {json})");
            JdbcObjectStore store = JdbcObjectStore.builder()
                    .dataSource(ds)
                    .dialect(dialect)
                    .mapping(StoreMapping.tables(layout()))
                    .build();
            store.createLayout();
            TableFixture.load(ds, dialect, layout(), DATA);
            return store;
        });
    }

    private static AggregateQuery.Expr f(String name) {
        return new AggregateQuery.Expr.Field(FieldPath.property(name));
    }

    private static AggregateQuery.Expr c(String number) {
        return new AggregateQuery.Expr.Constant(new BigDecimal(number));
    }

    private static AggregateQuery.Expr op(
            AggregateQuery.Expr.Operator op, AggregateQuery.Expr a, AggregateQuery.Expr b) {
        return new AggregateQuery.Expr.Binary(op, a, b);
    }

    /** Computed metrics: exact columns, a division, floating, text, boolean, timestamp and missing fields. */
    // sorted, so jqwik's choices depend on the seed only
    private static final Map<String, AggregateQuery.Expr> EXPRS = new java.util.TreeMap<>(Map.ofEntries(
            Map.entry("amount * qty", op(AggregateQuery.Expr.Operator.MULTIPLY, f("amount"), f("qty"))),
            Map.entry(
                    "amount - qty * 2",
                    op(
                            AggregateQuery.Expr.Operator.SUBTRACT,
                            f("amount"),
                            op(AggregateQuery.Expr.Operator.MULTIPLY, f("qty"), c("2")))),
            Map.entry(
                    "-amount + 0.5",
                    op(AggregateQuery.Expr.Operator.ADD, new AggregateQuery.Expr.Negate(f("amount")), c("0.5"))),
            Map.entry("amount / qty", op(AggregateQuery.Expr.Operator.DIVIDE, f("amount"), f("qty"))),
            Map.entry("ratio * 3", op(AggregateQuery.Expr.Operator.MULTIPLY, f("ratio"), c("3"))),
            Map.entry("code * 2", op(AggregateQuery.Expr.Operator.MULTIPLY, f("code"), c("2"))),
            Map.entry("amount * paid", op(AggregateQuery.Expr.Operator.MULTIPLY, f("amount"), f("paid"))),
            Map.entry("qty * absent", op(AggregateQuery.Expr.Operator.MULTIPLY, f("qty"), f("absent"))),
            Map.entry("at - amount", op(AggregateQuery.Expr.Operator.SUBTRACT, f("at"), f("amount"))),
            Map.entry(
                    "qty * 10000000000000000000000",
                    op(AggregateQuery.Expr.Operator.MULTIPLY, f("qty"), c("10000000000000000000000"))),
            Map.entry(
                    "qty * qty * 0.25",
                    op(
                            AggregateQuery.Expr.Operator.MULTIPLY,
                            op(AggregateQuery.Expr.Operator.MULTIPLY, f("qty"), f("qty")),
                            c("0.25")))));

    /** How a computed metric is answered, by docs/sql.md's rules. */
    private Answer computed(String expr, List<String> types) {
        if (expr.contains("/")) {
            return Answer.ROWS;
        }
        boolean sale = types.contains("Sale");
        boolean refund = types.contains("Refund");
        if ((sale && expr.contains("code")) || (refund && expr.contains("qty"))) {
            return Answer.ROWS; // text columns hold numeric strings
        }
        // SQLite computes with non-integral numbers in floating point
        boolean floating = (sale && expr.contains("ratio")) || backend() == Backend.SQLITE;
        return floating ? Answer.EITHER : Answer.SQL;
    }

    /** One generated aggregation: types, group, metrics as {@code op field [p]}, filter, maxObjects. */
    record Query(List<String> types, String group, List<List<String>> metrics, String filter, int maxObjects) {
        @Override
        public String toString() {
            return types + " group " + group + " " + metrics + " where " + filter + " at most " + maxObjects;
        }
    }

    @Provide
    Arbitrary<Query> queries() {
        Arbitrary<List<String>> types = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.just(List.of("Sale"))),
                net.jqwik.api.Tuple.of(2, Arbitraries.just(List.of("Sale", "Refund"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(List.of("Refund"))),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.of(TYPES).list().ofMinSize(1).ofMaxSize(3).uniqueElements()));
        Arbitrary<List<String>> metric = Combinators.combine(
                        Arbitraries.of("count", "count", "sum", "sum", "avg", "avg", "min", "max", "percentile"),
                        Arbitraries.oneOf(Arbitraries.of(FIELDS), Arbitraries.of("amount", "qty", "ratio", "at")),
                        Arbitraries.of("0", "25", "50", "90", "100", "33.3"))
                .as((op, field, p) -> switch (op) {
                    case "count" -> field.equals("absent") ? List.of("count") : List.of("count", field);
                    case "percentile" -> List.of(op, field, p);
                    default -> List.of(op, field);
                });
        Arbitrary<List<String>> computed = Combinators.combine(
                        Arbitraries.of("sum", "avg", "min", "max"), Arbitraries.of(EXPRS.keySet()))
                .as((op, e) -> List.of(op, "=" + e));
        return Combinators.combine(
                        types,
                        Arbitraries.of(GROUPS),
                        Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, metric), net.jqwik.api.Tuple.of(1, computed))
                                .list()
                                .ofMinSize(1)
                                .ofMaxSize(3),
                        Arbitraries.of(FILTERS),
                        Arbitraries.of(1, 7, 100_000))
                .as(Query::new);
    }

    @Property(tries = 200, edgeCases = EdgeCasesMode.NONE)
    void aggregationsAreTheEvaluators(@ForAll("queries") Query q) {
        AggregateQuery query = query(q, q.maxObjects());
        Aggregation actual = store().aggregate(query);
        Answer answer = answer(q);
        Statistics.label("answer").collect(answer);
        if (answer == Answer.SQL) {
            assertThat(actual.complete()).as("computed in SQL, so complete").isTrue();
        }
        if (answer == Answer.ROWS) {
            assertThat(actual).isEqualTo(MEMORY.aggregate(query));
        } else {
            // exact and complete, or (a floating sum) the first maxObjects objects, as the evaluator
            assertThat(actual)
                    .isEqualTo(
                            actual.complete()
                                    ? MEMORY.aggregate(query(q, Integer.MAX_VALUE))
                                    : MEMORY.aggregate(query));
        }
    }

    /** How the table layout answers, by docs/sql.md's rules. */
    enum Answer {
        /** In SQL, exact and complete. */
        SQL,
        /** In SQL if the database sums exactly; else from the rows. */
        EITHER,
        /** From the first {@code maxObjects} rows. */
        ROWS
    }

    private Answer answer(Query q) {
        // a bucket groups by the column in SQL and merges its groups into periods: as the group itself
        return answerUnbucketed(new Query(q.types(), q.group().split("/")[0], q.metrics(), q.filter(), q.maxObjects()));
    }

    private Answer answerUnbucketed(Query q) {
        boolean sqlite = backend() == Backend.SQLITE;
        if (q.types().contains("Memo")) {
            // its rest column may hold any field but region
            if (!(List.of("-", "type", "region").contains(q.group())
                    && q.metrics().stream()
                            .allMatch(m -> m.size() == 1 || m.get(1).equals("region")))) {
                return Answer.ROWS;
            }
        }
        boolean sale = q.types().contains("Sale");
        if (sale && q.group().equals("tier")) {
            return Answer.ROWS; // a path in Sale's JSON column; the other tables lack the field
        }
        Answer answer = Answer.SQL;
        for (List<String> m : q.metrics()) {
            if (m.size() == 1) {
                continue;
            }
            String op = m.get(0);
            String field = m.get(1);
            if (field.startsWith("=")) {
                Answer a = computed(field.substring(1), q.types());
                if (a == Answer.ROWS) {
                    return a;
                }
                answer = a == Answer.EITHER ? a : answer;
                continue;
            }
            boolean text = field.equals("region")
                    || (field.equals("code") && sale)
                    || (field.equals("qty") && q.types().contains("Refund"));
            if ((sale && field.equals("tier")) || op.equals("percentile") || (!op.equals("count") && text)) {
                return Answer.ROWS;
            }
            boolean floating = field.equals("ratio") || (sqlite && field.equals("amount"));
            if ((op.equals("sum") || op.equals("avg")) && floating) {
                answer = Answer.EITHER;
            }
        }
        return answer;
    }

    private static AggregateQuery query(Query q, int maxObjects) {
        FilterParser parser = FilterParser.withDefaults();
        List<AggregateQuery.Metric> metrics = new ArrayList<>();
        for (List<String> m : q.metrics()) {
            if (m.size() > 1 && m.get(1).startsWith("=")) {
                metrics.add(new AggregateQuery.Metric(
                        AggregateQuery.Op.valueOf(m.get(0).toUpperCase(java.util.Locale.ROOT)),
                        null,
                        null,
                        EXPRS.get(m.get(1).substring(1))));
                continue;
            }
            metrics.add(new AggregateQuery.Metric(
                    AggregateQuery.Op.valueOf(m.get(0).toUpperCase(java.util.Locale.ROOT)),
                    m.size() > 1 ? FieldPath.property(m.get(1)) : null,
                    m.size() > 2 ? new BigDecimal(m.get(2)) : null));
        }
        String[] group = q.group().split("/");
        return new AggregateQuery(
                q.types(),
                new FilterValidator(SCHEMA).validate(parser.parse(q.filter()), null),
                q.group().equals("-") ? null : parser.parsePath(group[0], "group_by"),
                group.length == 1
                        ? null
                        : new AggregateQuery.Bucket(
                                AggregateQuery.Bucket.Unit.valueOf(group[1].toUpperCase(java.util.Locale.ROOT)),
                                group.length == 2 ? java.time.ZoneOffset.UTC : java.time.ZoneOffset.of(group[2])),
                metrics,
                Scope.unrestricted(),
                maxObjects);
    }
}
