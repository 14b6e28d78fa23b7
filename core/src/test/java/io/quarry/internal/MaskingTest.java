package io.quarry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The masks of masked fields and the seals of the cursors sorted by one. */
class MaskingTest {
    private static JsonNode json(String text) throws Exception {
        return Json.parse(text);
    }

    @Test
    void equalValuesGetEqualMasksAndOthersDiffer() throws Exception {
        JsonNode a = Masking.mask(json("\"a@b.c\""));
        assertThat(a.textValue()).matches("masked:[0-9a-f]{12}");
        assertThat(Masking.mask(json("\"a@b.c\""))).isEqualTo(a);
        assertThat(Masking.mask(json("\"a@b.d\""))).isNotEqualTo(a);
        // numbers by value, text apart from numbers
        assertThat(Masking.mask(json("5"))).isEqualTo(Masking.mask(json("5.0")));
        assertThat(Masking.mask(json("5"))).isNotEqualTo(Masking.mask(json("\"5\"")));
        // objects whole, whatever their key order; lists element by element
        assertThat(Masking.mask(json("{\"a\": 1, \"b\": 2}"))).isEqualTo(Masking.mask(json("{\"b\": 2, \"a\": 1}")));
        JsonNode list = Masking.mask(json("[\"x\", \"a@b.c\"]"));
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.get(1)).isEqualTo(a);
        // nothing stays nothing
        assertThat(Masking.mask(json("null")).isNull()).isTrue();
        assertThat(Masking.mask(null)).isNull();
    }

    @Test
    void aSealedCursorOpensToItselfAndAChangedOneToNothingAStoreTakes() {
        String cursor = "eyJrIjpbNzEyMzQ1Njc4XSwiaSI6InAwMSJ9";
        String sealed = Masking.sealCursor(cursor);
        assertThat(sealed).startsWith("m.").doesNotContain(cursor);
        assertThat(Masking.sealCursor(cursor)).isEqualTo(sealed);
        assertThat(Masking.openCursor(sealed)).isEqualTo(cursor);
        // a character inside (the last one may carry only padding bits, which decoding ignores)
        char inside = sealed.charAt(10);
        String changed = sealed.substring(0, 10) + (inside == 'A' ? 'B' : 'A') + sealed.substring(11);
        assertThat(Masking.openCursor(changed)).isEqualTo("!");
        assertThat(Masking.openCursor("m.")).isEqualTo("!");
        assertThat(Masking.openCursor("m.%%")).isEqualTo("!");
        // a cursor that is not sealed goes to the store as it is
        assertThat(Masking.openCursor(cursor)).isEqualTo(cursor);
        assertThat(Masking.openCursor(null)).isNull();
    }
}
