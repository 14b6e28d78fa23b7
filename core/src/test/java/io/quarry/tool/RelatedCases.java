package io.quarry.tool;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.Schema;
import io.quarry.store.DataFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Customers, their invoices and the invoices' lines, linked by relationships each end names: what
 * aggregations across a relationship ({@code "of"}) are checked on. Messy on purpose: totals as
 * numbers, numeric strings, null and missing; a customer without invoices, one whose invoices have no
 * lines; links of the same stored type from another type (notes), a both-ways relationship between
 * customers with a self-loop, and two links between one invoice and one line.
 */
final class RelatedCases {
    private RelatedCases() {}

    static final String YAML = """
            types:
              Customer:
                description: A customer.
                fields:
                  name: {type: string}
                  country: {type: string}
                  tier: {type: enum, values: [gold, silver]}
                relationships:
                  - {name: invoices, target: Invoice, direction: in, type: customer}
                  - {name: contacts, target: Customer, direction: both, type: knows}
                  - {name: notes, target: Note, direction: in, type: customer}
              Invoice:
                description: An invoice.
                fields:
                  total: {type: number}
                  billed_at: {type: datetime}
                  status: {type: enum, values: [paid, open, void]}
                relationships:
                  - {name: customer, target: Customer, direction: out}
                  - {name: lines, target: Line, direction: in, type: invoice}
              Line:
                description: An invoice line.
                fields:
                  unit_price: {type: number}
                  quantity: {type: integer}
                  discount: {type: number}
                  note: {type: string}
                relationships:
                  - {name: invoice, target: Invoice, direction: out}
              Note:
                description: A note about a customer.
                fields:
                  text: {type: string}
                relationships:
                  - {name: customer, target: Customer, direction: out}
            """;

    static Schema schema() {
        return QuarryConfig.parse(YAML, "related.yaml").schema().orElseThrow();
    }

    private static final String[] COUNTRIES = {"DE", "FR", "US", null, "de"};
    private static final String[] STATUSES = {"paid", "open", "void", "paid"};

    static DataFile.DataSet data() {
        ObjectNode root = Json.object();
        ArrayNode objects = root.putArray("objects");
        ArrayNode links = root.putArray("relationships");
        int customers = 12;
        for (int c = 1; c <= customers; c++) {
            ObjectNode p = object(objects, id("c", c), "Customer", "2024-01-0" + (1 + c % 9) + "T00:00:00Z");
            p.put("name", "Customer " + c);
            if (COUNTRIES[c % COUNTRIES.length] != null) {
                p.put("country", COUNTRIES[c % COUNTRIES.length]);
            }
            p.put("tier", c % 3 == 0 ? "gold" : "silver");
        }
        // customer 12 has no invoices; customer 11's invoices have no lines
        int invoices = 40;
        for (int i = 1; i <= invoices; i++) {
            int customer = 1 + (i * 7) % 11;
            ObjectNode p = object(objects, id("i", i), "Invoice", "2024-0" + (1 + i % 9) + "-15T10:00:00Z");
            switch (i % 5) {
                case 0 -> p.put("total", (i * 13 % 50) + 0.25);
                case 1 -> p.put("total", String.valueOf(i * 3));
                case 2 -> p.putNull("total");
                case 3 -> {}
                default -> p.put("total", i * 11 % 40);
            }
            p.put(
                    "billed_at",
                    String.format(Locale.ROOT, "2024-%02d-%02dT%02d:30:00Z", 1 + i % 12, 1 + i % 27, i % 24));
            p.put("status", STATUSES[i % STATUSES.length]);
            link(links, "ri" + i, id("i", i), id("c", customer), "customer");
        }
        int line = 0;
        for (int i = 1; i <= invoices; i++) {
            if (1 + (i * 7) % 11 == 11) {
                continue;
            }
            for (int k = 0; k < i % 4; k++) {
                line++;
                ObjectNode p = object(objects, id("l", line), "Line", "2024-02-01T00:00:00Z");
                p.put("unit_price", line % 7 == 0 ? "1.99" : String.valueOf(0.5 + line % 9));
                p.put("quantity", 1 + line % 5);
                if (line % 3 != 0) {
                    p.put("discount", line % 2 == 0 ? 0.1 : 0);
                }
                p.put("note", line % 4 == 0 ? "gift" : "std");
                link(links, "rl" + line, id("l", line), id("i", i), "invoice");
                if (line % 17 == 0) {
                    // a second link between the same line and invoice counts twice
                    link(links, "rl" + line + "b", id("l", line), id("i", i), "invoice");
                }
            }
        }
        for (int n = 1; n <= 4; n++) {
            object(objects, id("n", n), "Note", "2024-05-01T00:00:00Z").put("text", "note " + n);
            link(links, "rn" + n, id("n", n), id("c", n), "customer");
        }
        // customers know each other, both ways; one knows itself
        link(links, "rk1", id("c", 1), id("c", 2), "knows");
        link(links, "rk2", id("c", 3), id("c", 1), "knows");
        link(links, "rk3", id("c", 4), id("c", 4), "knows");
        return DataFile.read(root, "related");
    }

    /** The aggregations across relationships, each an {@code aggregate_graph_objects} call. */
    static List<String> aggregations() {
        List<String> out = new ArrayList<>();
        String[] customerMetrics = {
            "[{\"op\": \"count\", \"of\": \"invoices\"}]",
            "[{\"op\": \"count\"}, {\"op\": \"count\", \"of\": \"invoices\"}, {\"op\": \"sum\", \"field\": \"total\","
                    + " \"of\": \"invoices\"}]",
            "[{\"op\": \"avg\", \"field\": \"total\", \"of\": \"invoices\"}, {\"op\": \"min\", \"field\": \"billed_at\","
                    + " \"of\": \"invoices\"}, {\"op\": \"max\", \"field\": \"total\", \"of\": \"invoices\"}]",
            "[{\"op\": \"count\", \"field\": \"total\", \"of\": \"invoices\"}, {\"op\": \"percentile\", \"field\":"
                    + " \"total\", \"p\": 50, \"of\": \"invoices\"}]",
            "[{\"op\": \"count\", \"of\": \"contacts\"}, {\"op\": \"count\", \"of\": \"notes\"}]",
            "[{\"op\": \"sum\", \"expr\": \"total * 2 + 1\", \"of\": \"invoices\"}]",
        };
        for (String g : new String[] {null, "id", "country", "tier", "name"}) {
            for (String m : customerMetrics) {
                for (String f : new String[] {null, "{\"tier\": \"silver\"}", "{\"country\": {\"$exists\": true}}"}) {
                    out.add(call("Customer", g, m, f, null));
                }
            }
        }
        String[] invoiceMetrics = {
            "[{\"op\": \"count\", \"of\": \"lines\"}, {\"op\": \"sum\", \"expr\": \"unit_price * quantity * (1 -"
                    + " discount)\", \"of\": \"lines\"}]",
            "[{\"op\": \"sum\", \"field\": \"quantity\", \"of\": \"lines\"}, {\"op\": \"max\", \"field\": \"note\","
                    + " \"of\": \"lines\"}, {\"op\": \"count\", \"of\": \"customer\"}]",
        };
        for (String g : new String[] {null, "id", "status", "{\"field\": \"billed_at\", \"bucket\": \"quarter\"}"}) {
            for (String m : invoiceMetrics) {
                out.add(call("Invoice", g, m, null, null));
                out.add(call("Invoice", g, m, "{\"status\": {\"$ne\": \"void\"}}", null));
            }
        }
        // group_by across one relationship: one-valued, many-valued, both ways, bucketed, none linked
        String counts = "[{\"op\": \"count\"}, {\"op\": \"sum\", \"field\": \"total\"}, {\"op\": \"count\","
                + " \"of\": \"lines\"}]";
        for (String g : new String[] {"customer.country", "customer.tier", "customer.id", "customer.created_at"}) {
            out.add(call("Invoice", g, counts, null, null));
            out.add(call("Invoice", g, counts, "{\"status\": {\"$in\": [\"paid\", \"open\"]}}", null));
        }
        out.add(call(
                "Invoice",
                "{\"field\": \"customer.created_at\", \"bucket\": \"week\"}",
                counts,
                null,
                ", \"having\": {\"count\": {\"$gte\": 2}}"));
        for (String g : new String[] {
            "invoice.status", "{\"field\": \"invoice.billed_at\", \"bucket\": \"month\", \"offset\": \"-10:00\"}"
        }) {
            out.add(call(
                    "Line",
                    g,
                    "[{\"op\": \"count\"}, {\"op\": \"sum\", \"expr\": \"unit_price * quantity\"}]",
                    null,
                    null));
        }
        for (String g : new String[] {"invoices.status", "contacts.tier", "contacts.name", "notes.text"}) {
            out.add(call(
                    "Customer", g, "[{\"op\": \"count\"}, {\"op\": \"count\", \"of\": \"invoices\"}]", null, null));
        }
        out.add(call("Note", "customer.name", "[{\"op\": \"count\"}]", null, null));
        out.add(call(
                "Invoice",
                "customer.country",
                counts,
                null,
                ", \"sort\": [{\"field\": \"customer.country\", \"direction\": \"asc\"}], \"having\":"
                        + " {\"customer.country\": {\"$ne\": \"FR\"}}"));
        out.add(call(
                "Line",
                "note",
                "[{\"op\": \"count\", \"of\": \"invoice\"}, {\"op\": \"sum\", \"field\":"
                        + " \"total\", \"of\": \"invoice\"}]",
                null,
                null));
        // having and top N
        String rich = "[{\"op\": \"count\", \"of\": \"invoices\"}, {\"op\": \"sum\", \"field\": \"total\", \"of\":"
                + " \"invoices\"}]";
        for (String tail : new String[] {
            ", \"having\": {\"count_invoices\": {\"$gt\": 3}}",
            ", \"having\": {\"count_invoices\": {\"$gte\": 3, \"$lt\": 5}, \"sum_invoices_total\": {\"$ne\": 0}}",
            ", \"having\": {\"count_invoices\": 0}",
            ", \"sort\": [{\"field\": \"sum_invoices_total\", \"direction\": \"desc\"}], \"limit\": 3",
            ", \"sort\": [{\"field\": \"sum_invoices_total\", \"direction\": \"asc\"}], \"limit\": 3",
            ", \"sort\": [{\"field\": \"count_invoices\"}, {\"field\": \"id\", \"direction\": \"asc\"}], \"limit\": 5,"
                    + " \"having\": {\"sum_invoices_total\": {\"$gte\": 10}}",
        }) {
            out.add(call("Customer", "id", rich, null, tail));
            out.add(call("Customer", "country", rich, "{\"tier\": \"silver\"}", tail.replace("\"id\"", "\"country\"")));
        }
        return out;
    }

    private static String call(String type, String groupBy, String metrics, String filter, String tail) {
        StringBuilder call = new StringBuilder("{\"type\": \"")
                .append(type)
                .append("\", \"metrics\": ")
                .append(metrics);
        if (groupBy != null) {
            call.append(", \"group_by\": ").append(groupBy.startsWith("{") ? groupBy : "\"" + groupBy + "\"");
        }
        if (filter != null) {
            call.append(", \"properties\": ").append(filter);
        }
        if (tail != null) {
            call.append(tail);
        }
        if (tail == null || !tail.contains("\"limit\"")) {
            call.append(", \"limit\": 100");
        }
        return call.append('}').toString();
    }

    private static String id(String prefix, int n) {
        return String.format(Locale.ROOT, "%s%03d", prefix, n);
    }

    private static ObjectNode object(ArrayNode objects, String id, String type, String createdAt) {
        ObjectNode o = objects.addObject();
        o.put("id", id);
        o.put("type", type);
        o.put("org_id", "acme");
        o.put("created_at", createdAt);
        o.put("updated_at", createdAt);
        return o.putObject("properties");
    }

    private static void link(ArrayNode links, String id, String src, String dst, String type) {
        ObjectNode r = links.addObject();
        r.put("id", id);
        r.put("src_id", src);
        r.put("dst_id", dst);
        r.put("type", type);
    }
}
