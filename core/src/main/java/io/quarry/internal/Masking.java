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
 * key made at random when the process starts: equal values get equal masks, so groups, sorts and
 * comparisons across answers still make sense, while no dictionary can turn a mask back into its
 * value (the key never leaves the process, and a restart changes every mask). Numbers are masked by
 * their value ({@code 5} and {@code 5.0} alike), arrays element by element (as grouping counts them),
 * anything else as its JSON with sorted keys; {@code null} stays {@code null}.
 *
 * <p>Cursors of a query sorted by a masked field hold the sort values of the last object: {@link
 * #sealCursor} encrypts them (AES-GCM under a second key of the process) before the model sees one.
 */
public final class Masking {
    /** What every mask starts with. */
    public static final String PREFIX = "masked:";

    /** What a sealed cursor starts with. */
    private static final String SEALED = "m.";

    private static final int HEX_DIGITS = 12;
    private static final int IV_BYTES = 12;
    private static final int TAG_BYTES = 16;
    private static final byte[] KEY = new byte[32];
    private static final byte[] CURSOR_KEY = new byte[32];

    static {
        SecureRandom random = new SecureRandom();
        random.nextBytes(KEY);
        random.nextBytes(CURSOR_KEY);
    }

    private Masking() {}

    /** The value as shown for a masked field. */
    public static JsonNode mask(JsonNode value) {
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
        byte[] mac = hmac(KEY, canonical.getBytes(StandardCharsets.UTF_8));
        return Json.MAPPER
                .getNodeFactory()
                .textNode(PREFIX + HexFormat.of().formatHex(mac).substring(0, HEX_DIGITS));
    }

    /**
     * A cursor whose content the model cannot read: the store's cursor encrypted and authenticated.
     * The same cursor always seals to the same text.
     */
    public static String sealCursor(String cursor) {
        byte[] plain = cursor.getBytes(StandardCharsets.UTF_8);
        byte[] iv = Arrays.copyOf(hmac(CURSOR_KEY, plain), IV_BYTES); // synthetic: equal cursors, equal seals
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.ENCRYPT_MODE, new SecretKeySpec(CURSOR_KEY, "AES"), new GCMParameterSpec(TAG_BYTES * 8, iv));
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
     * not its own), and a sealed cursor this process did not seal as {@code "!"}, which no store
     * accepts.
     */
    public static String openCursor(String cursor) {
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
                    new SecretKeySpec(CURSOR_KEY, "AES"),
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
