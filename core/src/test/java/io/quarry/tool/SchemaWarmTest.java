package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.filter.FilterCases;
import io.quarry.internal.Json;
import io.quarry.store.GraphObject;
import io.quarry.store.GraphRelationship;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Page;
import io.quarry.store.Scope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link Toolkit#warm(Scope)} (issue 28 item 6): after it, the first {@code get_database_schema
 * {"detail": "full"}} reads no object (what it shows was read ahead), and answers as a toolkit that
 * was not warmed does; {@link Toolkit#refreshStatistics()} forgets what was read.
 */
class SchemaWarmTest {
    /** A store counting the searches made through it. */
    static final class Counting implements ObjectStore {
        final ObjectStore store = InMemoryObjectStore.of(FilterCases.data());
        final AtomicInteger searches = new AtomicInteger();

        @Override
        public Page search(ObjectQuery query) {
            searches.incrementAndGet();
            return store.search(query);
        }

        @Override
        public Optional<GraphObject> get(String id, Scope scope) {
            return store.get(id, scope);
        }

        @Override
        public List<GraphRelationship> relationships(String id, Scope scope) {
            return store.relationships(id, scope);
        }

        @Override
        public Map<String, Long> countByType(Scope scope) {
            return store.countByType(scope);
        }
    }

    static JsonNode full(Toolkit toolkit) {
        ToolResult r =
                toolkit.call("get_database_schema", Json.object().put("detail", "full"), ToolContext.unrestricted());
        assertThat(r.errorCode()).as(r.text()).isNull();
        return r.json();
    }

    static Toolkit toolkit(ObjectStore store) {
        return Toolkit.builder().schema(FilterCases.schema()).store(store).build();
    }

    @Test
    void theFirstFullAnswerAfterWarmReadsNoObject() {
        Counting cold = new Counting();
        JsonNode coldAnswer = full(toolkit(cold));
        assertThat(cold.searches).as("a first full answer reads objects").hasPositiveValue();

        Counting warmed = new Counting();
        Toolkit toolkit = toolkit(warmed);
        toolkit.warm(ToolContext.unrestricted().scope());
        int read = warmed.searches.get();
        assertThat(read).as("warm reads what that answer would").isEqualTo(cold.searches.get());
        assertThat(full(toolkit)).isEqualTo(coldAnswer);
        assertThat(warmed.searches).as("the first full answer after warm").hasValue(read);

        toolkit.refreshStatistics();
        full(toolkit);
        assertThat(warmed.searches.get()).as("after refreshStatistics").isGreaterThan(read);
    }

    @Test
    void aToolkitWithoutASchemaWarmsTheScopesToolkit() {
        Counting store = new Counting();
        Toolkit toolkit = Toolkit.builder().store(store).build();
        toolkit.warm(ToolContext.unrestricted().scope());
        int read = store.searches.get();
        assertThat(read).isPositive();
        full(toolkit);
        assertThat(store.searches).hasValue(read);
    }
}
