package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.config.QuarryConfig;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The README's plain-Java snippet for a database's own tables, line for line (a test checks that
 * every line of the README's block is in {@link #snippet}), run on Chinook in H2.
 */
class ReadmeTableLayoutTest {
    private static final Path README = Path.of("../README.md");
    private static final Path SOURCE = Path.of("src/test/java/io/quarry/sql/introspect/ReadmeTableLayoutTest.java");

    private static Toolkit snippet(DataSource dataSource) {
        // README: begin
        Introspection tables =
                Introspector.builder().dataSource(dataSource).build().introspect();
        QuarryConfig config = QuarryConfig.parse(tables.toYaml(), "introspected"); // or save toYaml(), review, load it
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(config.store().orElseThrow()) // the table layout: one table per type
                .build();
        store.installHelperFunctions(); // H2's aliases, PostgreSQL's casts; once per database
        Toolkit toolkit = Toolkit.builder().config(config).store(store).build();
        // README: end
        return toolkit;
    }

    @Test
    void theSnippetServesChinookIncludingAFilterThatCallsTheHelperFunctions() throws Exception {
        DataSource dataSource = Backend.H2.dataSource("readme_table_layout");
        IntrospectionContract.run(dataSource, "chinook.h2.sql");
        String tracks = snippet(dataSource)
                .call(
                        "query_graph_objects",
                        io.quarry.internal.Json.parse(
                                "{\"type\": \"Track\", \"properties\": {\"name\": {\"$contains\": \"Rock\"}}}"),
                        ToolContext.unrestricted())
                .text();
        assertThat(tracks).contains("For Those About To Rock").doesNotContain("\"error\"");
    }

    @Test
    void theReadmeShowsTheSnippetAsThisTestRunsIt() throws Exception {
        String readme = Files.readString(README);
        int call = readme.indexOf("store.installHelperFunctions();");
        int start = readme.lastIndexOf("```java\n", call) + "```java\n".length();
        String shown = normalized(readme.substring(start, readme.indexOf("```", start)));
        String source = Files.readString(SOURCE);
        String tested = normalized(source.substring(
                source.indexOf("// README: begin") + "// README: begin".length(), source.indexOf("// README: end")));
        assertThat(shown).contains("store.installHelperFunctions();");
        assertThat(tested).isEqualTo(shown);
    }

    /** Code with every run of white space as one space (the formatter wraps and aligns its own way). */
    private static String normalized(String code) {
        return code.strip().replaceAll("\\s+", " ");
    }
}
