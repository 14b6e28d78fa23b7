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
        JsonNode a = Masking.random().mask(json("\"a@b.c\""));
        assertThat(a.textValue()).matches("masked:[0-9a-f]{12}");
        assertThat(Masking.random().mask(json("\"a@b.c\""))).isEqualTo(a);
        assertThat(Masking.random().mask(json("\"a@b.d\""))).isNotEqualTo(a);
        // numbers by value, text apart from numbers
        assertThat(Masking.random().mask(json("5"))).isEqualTo(Masking.random().mask(json("5.0")));
        assertThat(Masking.random().mask(json("5")))
                .isNotEqualTo(Masking.random().mask(json("\"5\"")));
        // objects whole, whatever their key order; lists element by element
        assertThat(Masking.random().mask(json("{\"a\": 1, \"b\": 2}")))
                .isEqualTo(Masking.random().mask(json("{\"b\": 2, \"a\": 1}")));
        JsonNode list = Masking.random().mask(json("[\"x\", \"a@b.c\"]"));
        assertThat(list.size()).isEqualTo(2);
        assertThat(list.get(1)).isEqualTo(a);
        // nothing stays nothing
        assertThat(Masking.random().mask(json("null")).isNull()).isTrue();
        assertThat(Masking.random().mask(null)).isNull();
    }

    @Test
    void aSealedCursorOpensToItselfAndAChangedOneToNothingAStoreTakes() {
        String cursor = "eyJrIjpbNzEyMzQ1Njc4XSwiaSI6InAwMSJ9";
        String sealed = Masking.random().sealCursor(cursor);
        assertThat(sealed).startsWith("m.").doesNotContain(cursor);
        assertThat(Masking.random().sealCursor(cursor)).isEqualTo(sealed);
        assertThat(Masking.random().openCursor(sealed)).isEqualTo(cursor);
        // a character inside (the last one may carry only padding bits, which decoding ignores)
        char inside = sealed.charAt(10);
        String changed = sealed.substring(0, 10) + (inside == 'A' ? 'B' : 'A') + sealed.substring(11);
        assertThat(Masking.random().openCursor(changed)).isEqualTo("!");
        assertThat(Masking.random().openCursor("m.")).isEqualTo("!");
        assertThat(Masking.random().openCursor("m.%%")).isEqualTo("!");
        // a cursor that is not sealed goes to the store as it is
        assertThat(Masking.random().openCursor(cursor)).isEqualTo(cursor);
        assertThat(Masking.random().openCursor(null)).isNull();
    }

    @Test
    void keysDerivedFromTheSameSecretAgreeAndOthersDiffer() throws Exception {
        byte[] secret = "0123456789abcdef0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Masking one = Masking.derivedFrom(secret);
        Masking two = Masking.derivedFrom(secret.clone());
        Masking other = Masking.derivedFrom(
                "fedcba9876543210fedcba9876543210".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        JsonNode v = json("\"a@b.c\"");
        assertThat(two.mask(v)).isEqualTo(one.mask(v));
        assertThat(other.mask(v)).isNotEqualTo(one.mask(v));
        assertThat(Masking.random().mask(v)).isNotEqualTo(one.mask(v));
        String cursor = "eyJrIjpbNzEyMzQ1Njc4XSwiaSI6InAwMSJ9";
        assertThat(two.openCursor(one.sealCursor(cursor))).isEqualTo(cursor);
        assertThat(other.openCursor(one.sealCursor(cursor))).isEqualTo("!");
        assertThat(Masking.random().openCursor(one.sealCursor(cursor))).isEqualTo("!");
        // neither key is the secret itself: a mask is not an HMAC of the value under the secret
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(secret, "HmacSHA256"));
        String direct = java.util.HexFormat.of()
                .formatHex(mac.doFinal("sa@b.c".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .substring(0, 12);
        assertThat(one.mask(v).textValue()).isNotEqualTo(Masking.PREFIX + direct);
    }
}
