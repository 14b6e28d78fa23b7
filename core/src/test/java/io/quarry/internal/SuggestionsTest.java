package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SuggestionsTest {

    private static final List<String> TASK_FIELDS = List.of("title", "status", "priority", "due_at");

    @ParameterizedTest(name = "[{index}] {0} in [{1}] -> [{2}]")
    @CsvSource(delimiter = '|', nullValues = "NONE", textBlock = """
            prority     | title,status,priority,due_at | priority
            priorty     | title,status,priority,due_at | priority
            Status      | title,status,priority,due_at | status
            STATUS      | title,status,priority,due_at | status
            dueAt       | title,status,priority,due_at | due_at
            DueAt       | title,status,priority,due_at | due_at
            due-at      | title,status,priority,due_at | due_at
            titel       | title,status,priority,due_at | title
            tilte       | title,status,priority,due_at | title
            prio        | title,status,priority,due_at | priority
            due         | title,status,priority,due_at | due_at
            priority_level | title,status,priority,due_at | priority
            xyz         | title,status                 | NONE
            stat        | state,status,statuses        | state,status,statuses
            ab          | ac,ad                        | ac,ad
            ab          | ad,ac                        | ad,ac
            due_at      | dueAt,due_at                 | due_at,dueAt
            ti          | title,to                     | to
            a           | b,abc                        | b
            pr          | title,status,priority,due_at | NONE
            createdat   | created_at,updated_at        | created_at,updated_at
            """)
    void suggestsPlausibleNames(String input, String candidates, String expected) {
        List<String> expectedList = expected == null ? List.of() : Arrays.asList(expected.split(","));
        assertThat(Suggestions.nearest(input, Arrays.asList(candidates.split(",")), 10))
                .isEqualTo(expectedList);
    }

    @Test
    void returnsAtMostMax() {
        List<String> candidates = List.of("state", "status", "statuses");
        assertThat(Suggestions.nearest("stat", candidates, 2)).containsExactly("state", "status");
        assertThat(Suggestions.nearest("stat", candidates, 1)).containsExactly("state");
        assertThat(Suggestions.nearest("stat", candidates, 0)).isEmpty();
    }

    @Test
    void rejectsNegativeMax() {
        assertThatThrownBy(() -> Suggestions.nearest("a", List.of("a"), -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max");
    }

    @Test
    void keepsDuplicatesOnce() {
        assertThat(Suggestions.nearest("titel", List.of("title", "title"), 5)).containsExactly("title");
    }

    @Test
    void suggestsNothingForAnEmptyName() {
        assertThat(Suggestions.nearest("", TASK_FIELDS, 3)).isEmpty();
        assertThat(Suggestions.nearest("_-_", List.of("a", "_"), 3)).isEmpty();
        assertThat(Suggestions.nearest("title", List.of(""), 3)).isEmpty();
    }

    @Test
    void isIndependentOfTheDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr"));
            assertThat(Suggestions.nearest("TITLE", TASK_FIELDS, 3)).containsExactly("title");
            assertThat(Suggestions.nearest("PRIORITY", TASK_FIELDS, 3)).containsExactly("priority");
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void isLinearForLongNames() {
        String longName = "a".repeat(100_000);
        String almost = "a".repeat(99_999) + "b";
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertThat(Suggestions.nearest(longName, TASK_FIELDS, 3)).isEmpty();
            assertThat(Suggestions.nearest(longName, List.of(almost, "aaa"), 3)).containsExactly(almost, "aaa");
            assertThat(Suggestions.nearest("aaaa", List.of("title", almost, "aaa"), 3))
                    .containsExactly("aaa", almost);
            assertThat(Suggestions.nearest(longName, List.of("b".repeat(100_000)), 3))
                    .isEmpty();
        });
    }

    @ParameterizedTest(name = "[{index}] d({0}, {1}) = {2}")
    @CsvSource(delimiter = '|', textBlock = """
            ''        | ''        | 0
            abc       | ''        | 3
            ''        | abc       | 3
            abc       | abc       | 0
            kitten    | sitting   | 3
            ca        | ac        | 1
            abcd      | acbd      | 1
            ca        | abc       | 3
            Status    | status    | 1
            prority   | priority  | 1
            titel     | title     | 1
            flaw      | lawn      | 2
            """)
    void computesOptimalStringAlignmentDistance(String a, String b, int expected) {
        assertThat(Suggestions.distance(a, b)).isEqualTo(expected);
        assertThat(Suggestions.distance(b, a)).isEqualTo(expected);
    }

    @Test
    void measuresCodePointsNotUtf16Units() {
        assertThat(Suggestions.distance("\uD83D\uDE00a", "a\uD83D\uDE00")).isEqualTo(1);
        assertThat(Suggestions.distance("\uD83D\uDE00", "\uD83D\uDE01")).isEqualTo(1);
    }
}
