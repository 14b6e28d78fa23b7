package io.quarry.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.error.ErrorCode;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The corpus through the reference evaluator and the in-memory store. */
class FilterEvaluatorTest {
    static final DataFile.DataSet DATA = FilterCases.data();
    static final InMemoryObjectStore STORE = InMemoryObjectStore.of(DATA);

    static Stream<FilterCases.Case> idCases() {
        return FilterCases.idCases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void evaluatorSelectsTheExpectedObjects(FilterCases.Case c) {
        ValidatedFilter filter = c.validate();
        List<String> matched = DATA.objects().stream()
                .filter(o -> c.types().contains(o.type()))
                .filter(o -> FilterEvaluator.matches(filter.filter(), o.document()))
                .map(GraphObject::id)
                .toList();
        FilterCases.Ids expected = (FilterCases.Ids) c.expected();
        assertThat(matched).as(c + " " + c.text()).containsExactlyInAnyOrderElementsOf(expected.ids());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("idCases")
    void inMemoryStoreReturnsTheExpectedObjects(FilterCases.Case c) {
        ((FilterCases.Ids) c.expected()).check(FilterCases.ids(STORE, c), c);
    }

    @Test
    void theCorpusIsLargeAndNamesAreUnique() {
        List<FilterCases.Case> all = FilterCases.all();
        assertThat(all).hasSizeGreaterThan(200);
        assertThat(all.stream().map(c -> c.file() + ": " + c.name()).distinct()).hasSameSizeAs(all);
        assertThat(DATA.objects()).hasSizeGreaterThan(40);
    }

    @Test
    void theCorpusUsesEveryOperator() {
        String texts = FilterCases.all().stream().map(FilterCases.Case::text).collect(Collectors.joining("\n"));
        Stream.concat(FilterParser.FIELD_OPERATORS.stream(), FilterParser.LOGICAL_OPERATORS.stream())
                .forEach(op -> assertThat(texts).as(op).contains("\"" + op + "\""));
        Set<Boolean> expectsIds = FilterCases.all().stream()
                .map(c -> c.expected() instanceof FilterCases.Ids)
                .collect(Collectors.toSet());
        assertThat(expectsIds).containsExactlyInAnyOrder(true, false);
    }

    @Test
    void theCorpusRaisesEveryFilterErrorCode() {
        Set<ErrorCode> codes = FilterCases.errorCases()
                .map(c -> ((FilterCases.Error) c.expected()).code())
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(ErrorCode.class)));
        assertThat(codes).isEqualTo(FilterCases.FILTER_CODES);
    }
}
