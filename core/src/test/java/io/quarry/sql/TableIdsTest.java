package io.quarry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.sql.TableLayout.Key;
import io.quarry.sql.TableLayout.KeyType;
import io.quarry.sql.dialect.Dialects;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ids of the table layout without a database: parsing, writing and their order. */
class TableIdsTest {
    static final TableLayout LAYOUT = new TableLayout(
            List.of(
                    table("Customer", new Key(List.of("customer_id"), List.of(KeyType.INTEGER), true)),
                    table("Employee", new Key(List.of("employee_id"), List.of(KeyType.INTEGER), true)),
                    table("Price", new Key(List.of("amount"), List.of(KeyType.NUMBER), true)),
                    table(
                            "OrderLine",
                            new Key(List.of("order_id", "line_no"), List.of(KeyType.INTEGER, KeyType.INTEGER), true)),
                    table("Tag", new Key(List.of("scope", "tag"), List.of(KeyType.TEXT, KeyType.TEXT), true)),
                    table("Badge", new Key(List.of("badge_id"), List.of(KeyType.UUID), false))),
            List.of());
    static final TableIds POSTGRES = new TableIds(LAYOUT, Dialects.named("postgres"));

    static TableLayout.TypeTable table(String type, Key key) {
        return new TableLayout.TypeTable(
                type,
                null,
                type.toLowerCase(java.util.Locale.ROOT),
                key,
                null,
                null,
                List.of(),
                Map.of(),
                null,
                List.of());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Customer:1|Customer|[1]",
                "Customer:-12|Customer|[-12]",
                "Customer:99999999999999999999|Customer|[99999999999999999999]",
                "Price:2.5|Price|[2.5]",
                "OrderLine:10,3|OrderLine|[10, 3]",
                "Tag:a%2Cb,50%25|Tag|[a,b, 50%]",
                "Tag:,|Tag|[, ]",
                "3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f|Badge|[3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f]",
                "3F1C2A9E-8D4B-4C6A-9B2E-1A2B3C4D5E6F|Badge|[3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f]"
            })
    void anIdNamesOneKeyBoundWithItsColumnsTypes(String id, String type, String values) {
        List<TableIds.Resolved> found = POSTGRES.candidates(id);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).table().type()).isEqualTo(type);
        assertThat(found.get(0).values().toString()).isEqualTo(values);
    }

    @Test
    void keysAreBoundAsNumbersAndUuids() {
        assertThat(POSTGRES.candidates("Customer:1").get(0).values().get(0)).isEqualTo(1L);
        assertThat(POSTGRES.candidates("Customer:99999999999999999999")
                        .get(0)
                        .values()
                        .get(0))
                .isEqualTo(new BigDecimal("99999999999999999999"));
        assertThat(POSTGRES.candidates("3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f")
                        .get(0)
                        .values()
                        .get(0))
                .isInstanceOf(java.util.UUID.class);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Customer:abc",
                "Customer:01",
                "Customer:-0",
                "Customer:1.0",
                "Customer: 1",
                "Price:2.50",
                "OrderLine:10",
                "OrderLine:10,3,1",
                "Tag:a%2",
                "Tag:a%41,b",
                "Nobody:1",
                "Badge:3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f"
            })
    void textThatIsNoKeyOfItsTypeNamesNothing(String id) {
        assertThat(POSTGRES.candidates(id)).isEmpty();
    }

    @Test
    void nulAndOverlongComponentsNameNothing() {
        assertThat(POSTGRES.candidates("Tag:a\u0000,b")).isEmpty();
        assertThat(POSTGRES.candidates("Tag:" + "a".repeat(TableIds.MAX_COMPONENT + 1) + ",b"))
                .isEmpty();
        assertThat(new TableIds(LAYOUT, Dialects.named("h2")).candidates("Tag:a\u0000,b"))
                .hasSize(1);
    }

    @Test
    void aBareKeyIsTriedAgainstEveryType() {
        assertThat(POSTGRES.candidates("1"))
                .map(r -> r.table().type())
                .containsExactly("Customer", "Employee", "Price");
        assertThat(POSTGRES.candidates("10,3")).map(r -> r.table().type()).containsExactly("OrderLine", "Tag");
    }

    @Test
    void anIdIsItsComponentsEscaped() {
        TableLayout.TypeTable tag = LAYOUT.table("Tag").orElseThrow();
        assertThat(TableIds.id(tag, List.of("a,b", "50%"))).isEqualTo("Tag:a%2Cb,50%25");
        assertThat(POSTGRES.inTable(tag, TableIds.id(tag, List.of("a,b", "50%")))
                        .orElseThrow()
                        .values())
                .containsExactly("a,b", "50%");
    }

    @Test
    void idsOrderByKeyNumbersFirstThenType() {
        List<String> ids = new ArrayList<>(List.of(
                "Tag:b,a",
                "Employee:1",
                "Customer:10",
                "Customer:9",
                "OrderLine:9,1",
                "Customer:1",
                "Price:9.5",
                "Tag:a,z",
                "3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f"));
        ids.sort(POSTGRES.order());
        assertThat(ids)
                .containsExactly(
                        "Customer:1",
                        "Employee:1",
                        "Customer:9",
                        "OrderLine:9,1",
                        "Price:9.5",
                        "Customer:10",
                        "3f1c2a9e-8d4b-4c6a-9b2e-1a2b3c4d5e6f",
                        "Tag:a,z",
                        "Tag:b,a");
    }
}
