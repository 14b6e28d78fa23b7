package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FilterEvaluator;
import io.quarry.internal.Json;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reference semantics of metrics across a relationship ({@code "of"}), {@code having} and
 * {@code sort}, against answers computed here from the raw links: each link from a group's object to
 * an object of the target type counts once (honest zeros for none), a both-ways relationship reads
 * either end (a self-loop once), and the model's mistakes are errors with a path and a hint.
 */
class AggregateAcrossRelationshipsTest {
    private static final DataFile.DataSet DATA = RelatedCases.data();
    private static final Toolkit TOOLKIT = Toolkit.builder()
            .schema(RelatedCases.schema())
            .store(InMemoryObjectStore.of(DATA))
            .build();

    private static JsonNode call(String arguments) throws Exception {
        ToolResult r = TOOLKIT.call("aggregate_graph_objects", Json.parse(arguments), ToolContext.unrestricted());
        return Json.parse(r.text());
    }

    private static Map<String, JsonNode> byKey(JsonNode result, String key, String metric) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        result.get("groups").forEach(g -> out.put(g.get(key).asText(), g.get(metric)));
        return out;
    }

    @Test
    void countsAndSumsEachInvoiceOfACustomerFromTheLinks() throws Exception {
        JsonNode result = call("{\"type\": \"Customer\", \"group_by\": \"id\", \"limit\": 100, \"metrics\": [{\"op\":"
                + " \"count\", \"of\": \"invoices\"}, {\"op\": \"sum\", \"field\": \"total\", \"of\": \"invoices\"}]}");
        Map<String, Long> counts = new LinkedHashMap<>();
        Map<String, BigDecimal> sums = new LinkedHashMap<>();
        Map<String, GraphObject> objects = new LinkedHashMap<>();
        DATA.objects().forEach(o -> objects.put(o.id(), o));
        DATA.objects().stream().filter(o -> o.type().equals("Customer")).forEach(o -> counts.put(o.id(), 0L));
        for (GraphRelationship r : DATA.relationships()) {
            if (r.type().equals("customer") && objects.get(r.srcId()).type().equals("Invoice")) {
                counts.merge(r.dstId(), 1L, Long::sum);
                Optional<BigDecimal> total = Optional.ofNullable(
                                objects.get(r.srcId()).properties().get("total"))
                        .flatMap(FilterEvaluator::numberOf);
                total.ifPresent(t -> sums.merge(r.dstId(), t, BigDecimal::add));
            }
        }
        Map<String, JsonNode> count = byKey(result, "id", "count_invoices");
        Map<String, JsonNode> sum = byKey(result, "id", "sum_invoices_total");
        assertThat(count).hasSize(12);
        counts.forEach((id, n) -> assertThat(count.get(id).asLong()).as(id).isEqualTo(n));
        assertThat(count.get("c012").asLong()).as("no invoices: an honest zero").isZero();
        assertThat(sum.get("c012").isNull()).isTrue();
        sums.forEach((id, s) -> assertThat(sum.get(id).decimalValue()).as(id).isEqualByComparingTo(s));
        assertThat(result.get("objects").asLong()).isEqualTo(12);
        // largest count first
        assertThat(result.get("groups").get(0).get("count_invoices").asLong())
                .isEqualTo(counts.values().stream()
                        .mapToLong(Long::longValue)
                        .max()
                        .orElseThrow());
    }

    @Test
    void perGroupTheLinksOfEveryObjectAddUp() throws Exception {
        JsonNode all = call("{\"type\": \"Customer\", \"metrics\": [{\"op\": \"count\", \"of\": \"invoices\"}]}");
        assertThat(all.at("/groups/0/count_invoices").asLong())
                .as("every invoice has one customer")
                .isEqualTo(40);
        JsonNode tiers =
                call("{\"type\": \"Customer\", \"group_by\": \"tier\", \"metrics\": [{\"op\": \"count\", \"of\":"
                        + " \"invoices\"}]}");
        long sum = 0;
        for (JsonNode g : tiers.get("groups")) {
            sum += g.get("count_invoices").asLong();
        }
        assertThat(sum).isEqualTo(40);
        // notes link to customers with the same stored type: not invoices
        JsonNode notes = call("{\"type\": \"Customer\", \"metrics\": [{\"op\": \"count\", \"of\": \"notes\"}]}");
        assertThat(notes.at("/groups/0/count_notes").asLong()).isEqualTo(4);
    }

    @Test
    void eachLinkCountsOnceAndBothWaysReadsEitherEnd() throws Exception {
        JsonNode contacts = call("{\"type\": \"Customer\", \"group_by\": \"id\", \"limit\": 100, \"metrics\": [{\"op\":"
                + " \"count\", \"of\": \"contacts\"}]}");
        Map<String, JsonNode> n = byKey(contacts, "id", "count_contacts");
        assertThat(n.get("c001").asLong()).isEqualTo(2);
        assertThat(n.get("c002").asLong()).isEqualTo(1);
        assertThat(n.get("c004").asLong()).as("a self-loop once").isEqualTo(1);
        assertThat(n.get("c005").asLong()).isZero();
        long lines =
                DATA.objects().stream().filter(o -> o.type().equals("Line")).count();
        long doubled =
                DATA.relationships().stream().filter(r -> r.id().endsWith("b")).count();
        JsonNode all = call("{\"type\": \"Invoice\", \"metrics\": [{\"op\": \"count\", \"of\": \"lines\"}]}");
        assertThat(doubled).isPositive();
        assertThat(all.at("/groups/0/count_lines").asLong()).isEqualTo(lines + doubled);
    }

    @Test
    void havingKeepsTheGroupsThatPassAndSortWithLimitIsATopN() throws Exception {
        String metrics = "\"metrics\": [{\"op\": \"count\", \"of\": \"invoices\"}, {\"op\": \"sum\", \"field\":"
                + " \"total\", \"of\": \"invoices\"}]";
        JsonNode all = call("{\"type\": \"Customer\", \"group_by\": \"id\", \"limit\": 100, " + metrics + "}");
        JsonNode zero = call(
                "{\"type\": \"Customer\", \"group_by\": \"id\", " + metrics + ", \"having\": {\"count_invoices\": 0}}");
        assertThat(zero.get("groups")).hasSize(1);
        assertThat(zero.at("/groups/0/id").asText()).isEqualTo("c012");
        assertThat(zero.get("total").asInt()).isEqualTo(1);
        JsonNode many = call("{\"type\": \"Customer\", \"group_by\": \"id\", \"limit\": 100, " + metrics
                + ", \"having\": {\"count_invoices\": {\"$gte\": 4}}}");
        long expected = 0;
        for (JsonNode g : all.get("groups")) {
            expected += g.get("count_invoices").asLong() >= 4 ? 1 : 0;
        }
        assertThat(many.get("groups")).hasSize((int) expected);
        many.get("groups")
                .forEach(g -> assertThat(g.get("count_invoices").asLong()).isGreaterThanOrEqualTo(4));
        JsonNode bottom = call("{\"type\": \"Customer\", \"group_by\": \"id\", " + metrics
                + ", \"sort\": [{\"field\": \"sum_invoices_total\", \"direction\": \"asc\"}], \"limit\": 3}");
        BigDecimal min = null;
        for (JsonNode g : all.get("groups")) {
            if (!g.get("sum_invoices_total").isNull()
                    && (min == null
                            || g.get("sum_invoices_total").decimalValue().compareTo(min) < 0)) {
                min = g.get("sum_invoices_total").decimalValue();
            }
        }
        assertThat(bottom.get("groups")).hasSize(3);
        assertThat(bottom.at("/groups/0/sum_invoices_total").decimalValue()).isEqualByComparingTo(min);
        assertThat(bottom.at("/groups/0/sum_invoices_total").decimalValue())
                .isLessThanOrEqualTo(bottom.at("/groups/1/sum_invoices_total").decimalValue());
        assertThat(bottom.get("total").asInt()).isEqualTo(12);
    }

    @Test
    void groupedByARelatedObjectsFieldEachObjectIsInTheGroupOfEachValue() throws Exception {
        JsonNode byCountry = call(
                "{\"type\": \"Invoice\", \"group_by\": \"customer.country\", \"metrics\":" + " [{\"op\": \"count\"}]}");
        Map<String, String> country = new LinkedHashMap<>();
        DATA.objects().stream()
                .filter(o -> o.type().equals("Customer"))
                .forEach(o -> country.put(o.id(), o.properties().path("country").asText(null)));
        Map<String, Long> expected = new LinkedHashMap<>();
        for (GraphRelationship r : DATA.relationships()) {
            if (r.type().equals("customer") && r.srcId().startsWith("i")) {
                expected.merge(String.valueOf(country.get(r.dstId())), 1L, Long::sum);
            }
        }
        Map<String, JsonNode> actual = byKey(byCountry, "customer.country", "count");
        assertThat(actual).hasSize(expected.size());
        expected.forEach((c, n) -> assertThat(actual.get(c).asLong()).as(c).isEqualTo(n));
        // a customer with invoices of two statuses is in both groups; one without invoices in the null group
        JsonNode byStatus = call(
                "{\"type\": \"Customer\", \"group_by\": \"invoices.status\", \"metrics\":" + " [{\"op\": \"count\"}]}");
        Map<String, JsonNode> status = byKey(byStatus, "invoices.status", "count");
        assertThat(status.get("null").asLong()).isEqualTo(1);
        long sum = 0;
        for (JsonNode n : status.values()) {
            sum += n.asLong();
        }
        assertThat(sum).isGreaterThan(12);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"metrics": [{"op": "count", "of": "invoices"}]}|metrics[0].of|Add "type"
            {"type": "Customer", "metrics": [{"op": "count", "of": "invoice"}]}|metrics[0].of|Did you mean 'invoices'?
            {"type": "Customer", "metrics": [{"op": "sum", "field": "totl", "of": "invoices"}]}|metrics[0].field|total
            {"type": "Customer", "metrics": [{"op": "sum", "field": "country", "of": "invoices"}]}|metrics[0].field|
            {"type": "Customer", "metrics": [{"op": "count", "via": "invoices"}]}|metrics[0].via|Did you mean 'of'?
            {"type": "Invoice", "group_by": "customer.contry"}|group_by|country
            {"type": "Invoice", "group_by": {"field": "customer.tier", "bucket": "month"}}|group_by.field|
            {"type": "Customer", "metrics": [{"op": "sum", "field": "invoices.total"}]}|metrics[0].field|{"op": "sum", "field": "total", "of": "invoices"}
            {"type": "Line", "metrics": [{"op": "max", "field": "invoice_id.total"}]}|metrics[0].field|{"op": "max", "field": "total", "of": "invoice"}
            {"type": "Customer", "metrics": [{"op": "count", "of": "invoices"}], "having": {"count": {"$gt": 1}}}|having.count|Did you mean 'count_invoices'?
            {"type": "Customer", "metrics": [{"op": "count", "of": "invoices"}], "having": {"count_invoices": {">": 1}}}|having.count_invoices.>|Did you mean '$gt'?
            {"type": "Customer", "metrics": [{"op": "count"}], "sort": [{"field": "cnt"}]}|sort[0].field|Did you mean 'count'?
            {"type": "Customer", "metrics": [{"op": "count"}], "sort": [{"field": "count", "direction": "up"}]}|sort[0].direction|desc
            """)
    void mistakesAreErrorsWithAPathAndAHint(String arguments, String path, String hint) throws Exception {
        ToolResult r = TOOLKIT.call("aggregate_graph_objects", Json.parse(arguments), ToolContext.unrestricted());
        assertThat(r.isError()).as(r.text()).isTrue();
        JsonNode error = r.json().get("error");
        assertThat(error.get("path").asText()).as(r.text()).isEqualTo(path);
        if (hint != null) {
            assertThat(error.path("hint").asText() + " " + error.path("message").asText())
                    .as(r.text())
                    .contains(hint);
        }
    }
}
