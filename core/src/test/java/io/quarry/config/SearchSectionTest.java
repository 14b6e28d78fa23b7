package io.quarry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.search.EmbeddedText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SearchSectionTest {
    private static final String TYPES = "types:\n  Task:\n    fields:\n      title: string\n      body: text\n"
            + "      status: {type: enum, values: [Open, Done]}\n      note: {type: text, exposed: false}\n";

    @Test
    void theSectionNamesTheFieldsOfATypeAndTheChunks() {
        QuarryConfig config = QuarryConfig.parse(
                TYPES + "search:\n  chunk_size: 400\n  chunk_overlap: 50\n  fields:\n    Task: [body]\n", "q.yaml");
        EmbeddedText text = config.search().orElseThrow();
        assertThat(text.fields("Task")).containsExactly("body");
        assertThat(text.chunkSize()).isEqualTo(400);
        assertThat(text.chunkOverlap()).isEqualTo(50);
    }

    @Test
    void withoutTheSectionTheDefaultsApply() {
        assertThat(QuarryConfig.parse(TYPES, "q.yaml").search()).isEmpty();
        EmbeddedText small = QuarryConfig.parse(TYPES + "search: {chunk_size: 100}", "q.yaml")
                .search()
                .orElseThrow();
        assertThat(small.fields("Task")).containsExactly("title", "body");
        assertThat(small.chunkOverlap()).isEqualTo(49);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "hidden|search: {fields: {Task: [note]}}|search.fields.Task[0]: field 'note' is hidden, and hidden"
                        + " fields are never embedded; remove it, or expose the field in types",
                "unknown field|search: {fields: {Task: [titel]}}|search.fields.Task[0]: unknown field 'titel' (did you"
                        + " mean 'title'?); fields of Task: title, body, status",
                "unknown type|search: {fields: {Tsk: [title]}}|search.fields.Tsk: unknown type 'Tsk' (did you mean"
                        + " 'Task'?); declared types: Task",
                "chunks|search: {chunk_size: 100, chunk_overlap: 60}|search: a chunk has at least 20 characters and"
                        + " overlaps the next by less than half of them; was size 100, overlap 60",
                "not a list|search: {fields: {Task: title}}|search.fields.Task: expected a list, found the string"
                        + " 'title'; write a list of field names, such as [title, description]"
            })
    void mistakesAreRefusedWithTheirPath(String what, String yaml, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(TYPES + yaml, "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: " + message);
    }

    @Test
    void fieldsNeedTheTypes() {
        assertThatThrownBy(() -> QuarryConfig.parse("search: {fields: {Task: [title]}}", "q.yaml"))
                .hasMessage("q.yaml: search.fields: needs the types section of the same file; add types, or remove"
                        + " search.fields");
        assertThat(QuarryConfig.parse("search: {chunk_size: 500}", "q.yaml")
                        .search()
                        .orElseThrow()
                        .chunkSize())
                .isEqualTo(500);
    }
}
