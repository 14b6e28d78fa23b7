package io.quarry.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * How a masked field's values are shown: the one place every tool goes through before a value of a
 * masked field could reach an answer (objects, group keys, graph nodes, context blocks).
 *
 * <p>A value is shown as {@code "masked:"} and 12 hex digits of an HMAC-SHA256 of the value under a
 * masking key: equal values get equal masks, so groups, sorts and comparisons across answers still
 * make sense, while no dictionary can turn a mask back into its value. Numbers are masked by their
 * value ({@code 5} and {@code 5.0} alike), arrays element by element (as grouping counts them),
 * anything else as its JSON with sorted keys; {@code null} stays {@code null}.
 *
 * <p>Cursors of a query sorted by a masked field hold the sort values of the last object: {@link
 * #sealCursor} encrypts them (AES-GCM under a second key) before the model sees one.
 *
 * <p>The two keys are either made at random when the process starts ({@link #random()}: a restart
 * changes every mask, and a sealed cursor opens only in the process that sealed it) or derived from
 * a shared secret, the toolkit's cursor key ({@link #derivedFrom}: every process with the secret
 * shows the same masks and opens the others' cursors). The derivation is HKDF-SHA256 (RFC 5869)
 * with a label per key, so neither is the secret itself, which signs cursors.
 */
public final class Masking {
    /** What every mask starts with. */
    public static final String PREFIX = "masked:";

    /** What a sealed cursor starts with. */
    private static final String SEALED = "m.";

    private static final int HEX_DIGITS = 12;
    private static final int IV_BYTES = 12;
    private static final int TAG_BYTES = 16;
    /** HKDF's salt: fixed, so the same secret gives the same keys everywhere. */
    private static final byte[] SALT = "io.quarry.masking".getBytes(StandardCharsets.UTF_8);

    private static final Masking RANDOM = new Masking(randomKey(), randomKey());

    private final byte[] key;
    private final byte[] cursorKey;

    private Masking(byte[] key, byte[] cursorKey) {
        this.key = key;
        this.cursorKey = cursorKey;
    }

    /** Masks under keys made at random when the process started: the same for every caller of this process. */
    public static Masking random() {
        return RANDOM;
    }

    /**
     * Masks under keys derived from a secret (HKDF-SHA256, one label per key): the same secret gives
     * the same masks and seals in every process.
     */
    public static Masking derivedFrom(byte[] secret) {
        byte[] prk = hmac(SALT, secret);
        return new Masking(expand(prk, "quarry mask key v1"), expand(prk, "quarry masked cursor key v1"));
    }

    /** HKDF-Expand for 32 bytes: one block, T(1) = HMAC(PRK, info | 0x01). */
    private static byte[] expand(byte[] prk, String label) {
        byte[] info = label.getBytes(StandardCharsets.UTF_8);
        byte[] block = Arrays.copyOf(info, info.length + 1);
        block[info.length] = 1;
        return hmac(prk, block);
    }

    private static byte[] randomKey() {
        byte[] out = new byte[32];
        new SecureRandom().nextBytes(out);
        return out;
    }

    /** The value as shown for a masked field. */
    public JsonNode mask(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return value;
        }
        if (value.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            value.forEach(e -> out.add(mask(e)));
            return out;
        }
        String canonical = value.isNumber()
                ? "n" + value.decimalValue().stripTrailingZeros().toPlainString()
                : value.isTextual() ? "s" + value.textValue() : "j" + Json.write(Json.sortedKeys(value));
        byte[] mac = hmac(key, canonical.getBytes(StandardCharsets.UTF_8));
        return Json.MAPPER
                .getNodeFactory()
                .textNode(PREFIX + HexFormat.of().formatHex(mac).substring(0, HEX_DIGITS));
    }

    /**
     * A cursor whose content the model cannot read: the store's cursor encrypted and authenticated.
     * The same cursor always seals to the same text.
     */
    public String sealCursor(String cursor) {
        byte[] plain = cursor.getBytes(StandardCharsets.UTF_8);
        byte[] iv = Arrays.copyOf(hmac(cursorKey, plain), IV_BYTES); // synthetic: equal cursors, equal seals
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.ENCRYPT_MODE, new SecretKeySpec(cursorKey, "AES"), new GCMParameterSpec(TAG_BYTES * 8, iv));
            byte[] sealed = cipher.doFinal(plain);
            byte[] out = new byte[IV_BYTES + sealed.length];
            System.arraycopy(iv, 0, out, 0, IV_BYTES);
            System.arraycopy(sealed, 0, out, IV_BYTES, sealed.length);
            return SEALED + Base64.getUrlEncoder().withoutPadding().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/GCM is missing from this JVM", e);
        }
    }

    /**
     * The store's cursor inside a sealed one; any other text as it is (the store then refuses what is
     * not its own), and a sealed cursor sealed under other keys as {@code "!"}, which no store
     * accepts.
     */
    public String openCursor(String cursor) {
        if (cursor == null || !cursor.startsWith(SEALED)) {
            return cursor;
        }
        try {
            byte[] in = Base64.getUrlDecoder().decode(cursor.substring(SEALED.length()));
            if (in.length < IV_BYTES + TAG_BYTES) {
                return "!";
            }
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    new SecretKeySpec(cursorKey, "AES"),
                    new GCMParameterSpec(TAG_BYTES * 8, Arrays.copyOf(in, IV_BYTES)));
            return new String(cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException | GeneralSecurityException | java.security.ProviderException e) {
            return "!";
        }
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
