package io.quarry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.tool.ToolSupport;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code quarry feedback summarize FILE}: what agents reported missing, grouped, each group with its remedy. */
@Command(
        name = "feedback",
        mixinStandardHelpOptions = true,
        description = "Read what agents reported missing (--feedback FILE).",
        subcommands = {FeedbackCommand.Summarize.class})
final class FeedbackCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The kinds of capability a report asks for, first match wins, each with the configuration change or
     * tool that would serve it.
     */
    enum Kind {
        AGGREGATION(
                "(?i)\\b(how many|count|average|avg|mean|median|sum|total|per (team|person|project|status|type)|"
                        + "percentile|distribution|trend)\\b",
                "aggregate_graph_objects (metrics count, sum, avg, min, max, percentile; group_by a field): declare "
                        + "the numbers it needs as number fields and the groups as enum fields."),
        DATE(
                "(?i)\\b(yesterday|today|last (week|month|year|quarter)|\\d+ (days|weeks|months)|before|after|since|"
                        + "until|overdue|deadline|due|date|when|quarter|q[1-4]|\\d{4}-\\d{2}(-\\d{2})?)\\b",
                "datetime_range_search: declare the field as date or datetime in the types (ISO-8601 values), so "
                        + "before/after/between and relative periods (last_7_days) work."),
        NUMBER(
                "(?i)(\\b(more than|less than|greater|at least|at most|above|below|between \\d|over \\d|under \\d|"
                        + "percent|budget|cost|price|amount|score|hours)\\b|[<>]=?\\s*\\d|\\d+\\s*%)",
                "number_range_search: declare the field as number or integer (numeric strings still compare), with "
                        + "min/max in tools.fields if it has a range."),
        RELATIONSHIP(
                "(?i)\\b(linked|related|assigned|assignee|owner|owned|depends|dependency|blocked by|belongs|"
                        + "connected|reports to|parent|child)\\b",
                "declare the relationship in types.<Type>.relationships, so related_to_id, "
                        + "get_object_relationships and get_project_graph reach it."),
        TEXT(
                "(?i)\\b(contain|contains|mention|mentions|starts? with|ends? with|named|called|keyword|search|"
                        + "matching|spelled|text)\\b",
                "text_pattern_search and 'query': declare the field as string or text (not hidden), so contains, "
                        + "starts_with, regex and full-text words reach it."),
        FIELD(
                "(?i)\\b(no field|field|column|attribute|property|hidden|not exposed)\\b",
                "expose or declare the field in types.<Type>.fields (exposed: true), or add a projection that "
                        + "derives it."),
        OTHER(
                ".",
                "no configuration serves it: consider a host tool or an API operation (find_api, call_api), or "
                        + "say in a type's description that it is out of scope.");

        final Pattern words;
        final String remedy;

        Kind(String words, String remedy) {
            this.words = Pattern.compile(words);
            this.remedy = remedy;
        }

        static Kind of(String text) {
            for (Kind k : values()) {
                if (k.words.matcher(text).find()) {
                    return k;
                }
            }
            return OTHER;
        }
    }

    /** {@code quarry feedback summarize FILE}. */
    @Command(
            name = "summarize",
            mixinStandardHelpOptions = true,
            description = "Group the reports of a --feedback FILE by what they lack, largest group first, each with "
                    + "the configuration change or tool that would serve it.")
    static final class Summarize implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "The file --feedback wrote (one JSON report per line).")
        Path file;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            Map<Kind, List<JsonNode>> groups = new LinkedHashMap<>();
            int reports = 0;
            int skipped = 0;
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode report;
                try {
                    report = ToolSupport.parse(line);
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    skipped++;
                    continue;
                }
                if (!report.path("missing").isTextual()) {
                    skipped++;
                    continue;
                }
                reports++;
                String text = report.path("missing").asText() + " "
                        + report.path("user_request").asText("");
                groups.computeIfAbsent(Kind.of(text), k -> new ArrayList<>()).add(report);
            }
            out.println(reports + " reports" + (skipped == 0 ? "" : " (" + skipped + " lines skipped: not a report)")
                    + (reports == 0 ? "." : ", by what they lack:"));
            groups.entrySet().stream()
                    .sorted((a, b) -> b.getValue().size() - a.getValue().size())
                    .forEach(e -> {
                        out.println();
                        out.println(e.getKey().name().toLowerCase(Locale.ROOT) + ": "
                                + e.getValue().size() + (e.getValue().size() == 1 ? " report" : " reports"));
                        out.println("  remedy: " + e.getKey().remedy);
                        e.getValue().stream()
                                .limit(3)
                                .forEach(r -> out.println(
                                        "  - \"" + r.path("user_request").asText("") + "\" lacks: "
                                                + r.path("missing").asText()));
                    });
            return 0;
        }
    }
}
