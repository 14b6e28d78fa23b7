package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FieldPath;
import io.quarry.filter.FilterCases;
import io.quarry.filter.ValidatedFilter;
import io.quarry.internal.Json;
import io.quarry.store.AggregateQuery;
import io.quarry.store.Aggregation;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every aggregation gives, on the store the subclass picks, exactly the result the in-memory
 * reference gives: count, sum, avg, min, max and percentiles, grouped by every kind of field, with
 * and without filters, over the filter corpus's messy data (numeric strings, arrays, nulls, dates
 * with offsets, nested objects, schemaless types).
 */
abstract class AggregateDifferentialContract extends ToolContract {
    private Toolkit reference;
    private Toolkit tested;

    /** The aggregations: group-by fields × metric sets × filters, per type. */
    static Stream<String> aggregations() {
        List<String> out = new ArrayList<>();
        add(
                out,
                "Thing",
                List.of("g", "n", "s", "d", "t", "tags", "flag", "addr.city", "type"),
                List.of("n", "s", "d", "tags", "addr.city"),
                List.of("{\"n\": {\"$gt\": 1}}", "{\"tags\": {\"$exists\": true}}"));
        add(
                out,
                "Task",
                List.of("status", "priority", "tags", "done", "due_at", "meta.owner"),
                List.of("priority", "score", "due_at", "title"),
                List.of("{\"status\": {\"$ne\": \"Done\"}}"));
        add(out, null, List.of("type", "title"), List.of("title"), List.of("{\"title\": {\"$exists\": true}}"));
        // date buckets: every unit, offsets that move a date-time across a day, a week-year and a year
        String[] buckets = {
            "{\"field\": \"d\", \"bucket\": \"year\"}",
            "{\"field\": \"d\", \"bucket\": \"quarter\", \"offset\": \"+14:00\"}",
            "{\"field\": \"d\", \"bucket\": \"month\", \"offset\": \"-05:00\"}",
            "{\"field\": \"d\", \"bucket\": \"week\"}",
            "{\"field\": \"d\", \"bucket\": \"day\", \"offset\": \"+05:30\"}",
            "{\"field\": \"d\", \"bucket\": \"day\", \"offset\": \"-12:00\"}",
            "{\"field\": \"created_at\", \"bucket\": \"month\"}",
            "{\"field\": \"t\", \"bucket\": \"day\"}",
        };
        for (String b : buckets) {
            for (String m : List.of(
                    "[{\"op\": \"count\"}, {\"op\": \"count\", \"field\": \"d\"}]",
                    "[{\"op\": \"sum\", \"field\": \"n\"}, {\"op\": \"min\", \"field\": \"d\"}, "
                            + "{\"op\": \"max\", \"field\": \"d\"}]")) {
                out.add("{\"limit\": 100, \"type\": \"Thing\", \"metrics\": " + m + ", \"group_by\": " + b + "}");
                out.add("{\"limit\": 100, \"metrics\": " + m + ", \"group_by\": " + b
                        + ", \"properties\": {\"d\": {\"$exists\": true}}}");
            }
        }
        for (String b : List.of(
                "{\"field\": \"due_at\", \"bucket\": \"day\", \"offset\": \"+14:00\"}",
                "{\"field\": \"due_at\", \"bucket\": \"week\", \"offset\": \"-09:30\"}",
                "{\"field\": \"updated_at\", \"bucket\": \"year\"}")) {
            out.add("{\"limit\": 100, \"type\": \"Task\", \"metrics\": [{\"op\": \"count\"}, {\"op\": \"avg\", "
                    + "\"field\": \"priority\"}], \"group_by\": " + b + "}");
        }
        // computed metrics: exact arithmetic, division by zero, non-terminating quotients, missing and messy numbers
        for (String e :
                List.of("n * 2", "n - n", "n / (n - 5)", "(n + 1) / 3", "-n + 0.25", "n * n * n", "-(n - 1.5) * 4")) {
            String m = "[{\"op\": \"sum\", \"expr\": \"" + e + "\"}, {\"op\": \"avg\", \"expr\": \"" + e
                    + "\"}, {\"op\": \"min\", \"expr\": \"" + e + "\"}, {\"op\": \"max\", \"expr\": \"" + e
                    + "\"}]";
            out.add("{\"limit\": 100, \"type\": \"Thing\", \"metrics\": " + m + "}");
            out.add("{\"limit\": 100, \"type\": \"Thing\", \"metrics\": " + m + ", \"group_by\": \"g\"}");
        }
        out.add("{\"limit\": 100, \"type\": \"Task\", \"group_by\": \"status\", \"metrics\": [{\"op\": \"sum\", "
                + "\"expr\": \"priority * score\"}, {\"op\": \"avg\", \"expr\": \"score / priority\"}]}");
        return out.stream();
    }

    private static void add(
            List<String> out, String type, List<String> groupBys, List<String> fields, List<String> filters) {
        List<String> metricSets = new ArrayList<>();
        metricSets.add("[{\"op\": \"count\"}]");
        for (String f : fields) {
            String q = "\"" + f + "\"";
            metricSets.add("[{\"op\": \"count\"}, {\"op\": \"count\", \"field\": " + q + "}]");
            metricSets.add("[{\"op\": \"min\", \"field\": " + q + "}, {\"op\": \"max\", \"field\": " + q + "}]");
            metricSets.add("[{\"op\": \"sum\", \"field\": " + q + "}, {\"op\": \"avg\", \"field\": " + q + "}]");
            metricSets.add("[{\"op\": \"percentile\", \"field\": " + q + ", \"p\": 50}, {\"op\": \"percentile\", "
                    + "\"field\": " + q + ", \"p\": 90}, {\"op\": \"percentile\", \"field\": " + q + ", \"p\": 0}, "
                    + "{\"op\": \"percentile\", \"field\": " + q + ", \"p\": 100}]");
        }
        List<String> groups = new ArrayList<>(groupBys);
        groups.add(null);
        List<String> where = new ArrayList<>(filters);
        where.add(null);
        for (String g : groups) {
            for (String m : metricSets) {
                for (String f : where) {
                    StringBuilder call = new StringBuilder("{\"limit\": 100, \"metrics\": ").append(m);
                    if (type != null) {
                        call.append(", \"type\": \"").append(type).append('"');
                    }
                    if (g != null) {
                        call.append(", \"group_by\": \"").append(g).append('"');
                    }
                    if (f != null) {
                        call.append(", \"properties\": ").append(f);
                    }
                    out.add(call.append('}').toString());
                }
            }
        }
    }

    private void load() {
        if (tested == null) {
            reference = Toolkit.builder()
                    .schema(FilterCases.schema())
                    .store(InMemoryObjectStore.of(FilterCases.data()))
                    .build();
            tested = Toolkit.builder()
                    .schema(FilterCases.schema())
                    .store(newStore("corpus", FilterCases.data()))
                    .build();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("aggregations")
    void sameGroupsAndValuesAsInMemory(String arguments) throws Exception {
        load();
        JsonNode args = Json.parse(arguments);
        ToolResult expected = reference.call("aggregate_graph_objects", args, ToolContext.unrestricted());
        ToolResult actual = tested.call("aggregate_graph_objects", args, ToolContext.unrestricted());
        assertThat(actual.text()).as(arguments).isEqualTo(expected.text());
    }

    static Stream<String> relatedAggregations() {
        return RelatedCases.aggregations().stream();
    }

    private Toolkit relatedReference;
    private Toolkit relatedTested;

    /**
     * Metrics across relationships ({@code "of"}), with {@code having} and {@code sort}: counted and
     * summed over the objects at the other end of each link, on the store as in memory.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("relatedAggregations")
    void acrossRelationshipsAsInMemory(String arguments) throws Exception {
        if (relatedTested == null) {
            relatedReference = Toolkit.builder()
                    .schema(RelatedCases.schema())
                    .store(InMemoryObjectStore.of(RelatedCases.data()))
                    .build();
            relatedTested = Toolkit.builder()
                    .schema(RelatedCases.schema())
                    .store(newStore("related", RelatedCases.data()))
                    .build();
        }
        JsonNode args = Json.parse(arguments);
        ToolResult expected = relatedReference.call("aggregate_graph_objects", args, ToolContext.unrestricted());
        assertThat(expected.isError()).as(arguments + ": " + expected.text()).isFalse();
        ToolResult actual = relatedTested.call("aggregate_graph_objects", args, ToolContext.unrestricted());
        assertThat(actual.text()).as(arguments).isEqualTo(expected.text());
    }

    @Test
    void plainCountsAreExactPastTheScanLimit() {
        // SQL stores count in the database; other aggregations stop at maxObjects and say so
        ObjectStore store = newStore("counts", FilterCases.data());
        AggregateQuery.Metric count = new AggregateQuery.Metric(AggregateQuery.Op.COUNT, null, null);
        Aggregation counted = store.aggregate(new AggregateQuery(
                List.of("Thing", "Task", "Doc"),
                ValidatedFilter.matchAll(),
                FieldPath.systemField("type"),
                List.of(count),
                Scope.unrestricted(),
                1));
        assertThat(counted.complete()).isTrue();
        assertThat(counted.objects()).isEqualTo(FilterCases.data().objects().size());
        assertThat(counted.groups().get(0).key().asText()).isEqualTo("Thing");
        AggregateQuery sum = new AggregateQuery(
                List.of("Thing"),
                ValidatedFilter.matchAll(),
                FieldPath.property("g"),
                List.of(new AggregateQuery.Metric(AggregateQuery.Op.SUM, FieldPath.property("n"), null)),
                Scope.unrestricted(),
                10);
        Aggregation summed = store.aggregate(sum);
        assertThat(summed.complete()).isFalse();
        assertThat(summed.objects()).isEqualTo(10);
        // the same first ten objects (by id) as the reference reads
        assertThat(summed).isEqualTo(InMemoryObjectStore.of(FilterCases.data()).aggregate(sum));
    }

    @Test
    void theCasesAreAnswersNotErrors() throws Exception {
        load();
        List<String> cases = aggregations().toList();
        long errors = 0;
        for (String c : cases) {
            if (reference
                    .call("aggregate_graph_objects", Json.parse(c), ToolContext.unrestricted())
                    .isError()) {
                errors++;
            }
        }
        // sum, avg and percentiles of a declared non-number field are refused: only those
        assertThat(errors).as("error results among " + cases.size()).isLessThan(cases.size() / 5);
        assertThat(cases).hasSizeGreaterThan(200);
    }
}
