package io.quarry.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.config.ConfigException;
import io.quarry.config.QuarryConfig;
import io.quarry.internal.Json;
import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Roles;
import io.quarry.schema.Schema;
import io.quarry.schema.Visibility;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The roles of a toolkit from the builder and from the configuration's {@code roles:} keys: what each
 * caller's schema is, which one wins, and the mistakes refused with what to write instead.
 */
class RolesTest {
    private static final Instant T = Instant.parse("2024-05-01T10:00:00Z");

    private static final Schema SCHEMA = Schema.builder()
            .type(new EntityType(
                    "Deal",
                    null,
                    List.of(
                            Field.of("title", FieldType.STRING),
                            Field.of("margin", FieldType.NUMBER).hidden(),
                            Field.of("owner", FieldType.STRING).mask()),
                    List.of(new Relationship("audited_by", "Audit", Relationship.Direction.OUT, null)),
                    EntityType.Origin.DECLARED,
                    null,
                    EntityType.TIMESTAMPS,
                    "-margin"))
            .type(EntityType.of("Audit", Field.of("note", FieldType.STRING)))
            .build();

    private static InMemoryObjectStore store() {
        return InMemoryObjectStore.of(new DataFile.DataSet(
                List.of(
                        new GraphObject(
                                "d1",
                                "Deal",
                                Json.object()
                                        .put("title", "Big")
                                        .put("margin", 0.42)
                                        .put("owner", "ann@x.test"),
                                T,
                                T,
                                Map.of()),
                        new GraphObject("a1", "Audit", Json.object().put("note", "ok"), T, T, Map.of())),
                List.of()));
    }

    private static JsonNode deal(Toolkit tk, String... roles) {
        return tk.call(
                        "get_graph_object",
                        "{\"id\": \"d1\"}",
                        ToolContext.builder().roles(List.of(roles)).build())
                .json()
                .path("object")
                .path("properties");
    }

    @Test
    void theBuilderRolesOpenAndNarrowFieldsAndTypes() {
        Toolkit tk = Toolkit.builder()
                .schema(SCHEMA)
                .store(store())
                .roles(Roles.builder()
                        .field("Deal", "margin", "finance", Visibility.EXPOSED)
                        .field("Deal", "margin", "sales", Visibility.MASKED)
                        .field("Deal", "owner", "finance", Visibility.EXPOSED)
                        .field("Deal", "owner", "support", Visibility.HIDDEN)
                        .type("Audit", "support", Visibility.HIDDEN)
                        .build())
                .build();
        // as declared: margin hidden, owner masked
        assertThat(deal(tk).has("margin")).isFalse();
        assertThat(deal(tk).path("owner").asText()).startsWith("masked:");
        assertThat(deal(tk, "finance").path("margin").asDouble()).isEqualTo(0.42);
        assertThat(deal(tk, "finance").path("owner").asText()).isEqualTo("ann@x.test");
        assertThat(deal(tk, "sales").path("margin").asText()).startsWith("masked:");
        assertThat(deal(tk, "support").has("owner")).isFalse();
        assertThat(deal(tk, "support", "finance").path("owner").asText()).isEqualTo("ann@x.test");
        // the schemas: support has no Audit, and no relationship to it; an order by a hidden field goes
        Schema support = tk.forRoles(Set.of("support")).schema();
        assertThat(support.typeNames()).containsExactly("Deal");
        assertThat(support.type("Deal").orElseThrow().relationships()).isEmpty();
        assertThat(support.type("Deal").orElseThrow().order()).isNull();
        assertThat(tk.forRoles(Set.of("finance"))
                        .schema()
                        .type("Deal")
                        .orElseThrow()
                        .order())
                .isEqualTo("-margin");
        Toolkit finance = tk.forRoles(Set.of("finance"));
        assertThat(tk.forRoles(Set.of("finance", "nobody"))).isSameAs(finance);
        // refreshing the statistics forgets each role set's toolkit with its statistics
        tk.refreshStatistics();
        assertThat(tk.forRoles(Set.of("finance"))).isNotSameAs(finance);
    }

    @Test
    void theConfigurationRolesKeyTakesEffectAndTheBuilderReplacesIt() {
        QuarryConfig config = QuarryConfig.parse("""
                types:
                  Deal:
                    fields:
                      title: {type: string}
                      margin: {type: number, exposed: false, roles: {finance: exposed, sales: masked}}
                      owner: {type: string}
                  Audit:
                    roles: {support: hidden}
                    fields: {note: {type: string}}
                """, "roles.yaml");
        assertThat(config.roles().names()).containsExactly("finance", "sales", "support");
        Toolkit tk = Toolkit.builder().config(config).store(store()).build();
        assertThat(deal(tk).has("margin")).isFalse();
        assertThat(deal(tk, "finance").path("margin").asDouble()).isEqualTo(0.42);
        assertThat(deal(tk, "sales").path("margin").asText()).startsWith("masked:");
        assertThat(tk.forRoles(Set.of("support")).schema().typeNames()).containsExactly("Deal");
        // roles given to the builder replace the file's
        Toolkit replaced = Toolkit.builder()
                .config(config)
                .store(store())
                .roles(Roles.none())
                .build();
        assertThat(deal(replaced, "finance").has("margin")).isFalse();
    }

    @Test
    void mistakesAreRefusedWithWhatToWrite() {
        assertThatThrownBy(() -> QuarryConfig.parse(
                        "types: {Deal: {fields: {margin: {type: number, roles: {finance: open}}}}}", "r.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("types.Deal.fields.margin.roles.finance")
                .hasMessageContaining("hidden, masked, exposed");
        assertThatThrownBy(() ->
                        QuarryConfig.parse("types: {Deal: {roles: {support: masked}, fields: {t: string}}}", "r.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("types.Deal.roles.support")
                .hasMessageContaining("hidden, exposed");
        assertThatThrownBy(() -> Toolkit.builder()
                        .schema(SCHEMA)
                        .store(store())
                        .roles(Roles.builder()
                                .field("Deal", "margn", "finance", Visibility.EXPOSED)
                                .build())
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no field 'margn'");
        assertThatThrownBy(() -> Toolkit.builder()
                        .store(store())
                        .roles(Roles.builder()
                                .type("Deal", "support", Visibility.HIDDEN)
                                .build())
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("roles need a schema");
        assertThatThrownBy(() -> Roles.builder().type("Deal", "support", Visibility.MASKED))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mask its fields");
    }
}
