package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.config.QuarryConfig;
import io.quarry.filter.FieldPath;
import io.quarry.schema.Schema;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fields {@code query} may read: exposed text fields only, never a name hidden on a type searched. */
class SchemaViewTextFieldsTest {
    private static final SchemaView VIEW = view("""
            types:
              Task:
                fields:
                  title: {type: string}
                  notes: {type: text}
                  tags: {type: array, items: string}
                  priority: {type: integer}
                  code: {type: string, exposed: false}
              Invoice:
                fields:
                  code: {type: string}
                  number: {type: string}
                  amount: {type: number}
              Budget:
                fields:
                  amount: {type: number}
                  approver: {type: string, exposed: false}
              Note:
                description: no declared fields
            """);

    @Test
    void aTypeReadsItsExposedTextFields() {
        assertThat(VIEW.textFields(VIEW.schema.type("Task").orElseThrow())).contains(fields("title", "notes", "tags"));
        // code is hidden on Task, not on Invoice
        assertThat(VIEW.textFields(VIEW.schema.type("Invoice").orElseThrow())).contains(fields("code", "number"));
    }

    @Test
    void aTypeWithoutDeclaredFieldsReadsEveryString() {
        assertThat(VIEW.textFields(VIEW.schema.type("Note").orElseThrow())).contains(List.of());
    }

    @Test
    void aTypeWhoseOnlyStringIsHiddenReadsNothing() {
        // before: the empty list, every string, the hidden approver included
        assertThat(VIEW.textFields(VIEW.schema.type("Budget").orElseThrow())).isEmpty();
    }

    @Test
    void withoutATypeANameHiddenOnAnyTypeIsNeverRead() {
        // before: the empty list (Note declares no fields), so every string of every type
        assertThat(VIEW.textFields(null)).contains(fields("title", "notes", "tags", "number"));
        assertThat(view("types:\n  A: {description: a}\n  B: {description: b}\n")
                        .textFields(null))
                .contains(List.of());
        assertThat(view("types:\n  A:\n    fields:\n      n: {type: number}\n      s: {type: string, exposed: false}\n")
                        .textFields(null))
                .isEqualTo(Optional.empty());
    }

    private static List<FieldPath> fields(String... names) {
        return java.util.Arrays.stream(names).map(FieldPath::property).toList();
    }

    private static SchemaView view(String yaml) {
        Schema schema = QuarryConfig.parse(yaml, "schema.yaml").schema().orElseThrow();
        return new SchemaView(schema, ToolConfig.NONE);
    }
}
