package io.quarry.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A keyset position: the sort-key values and id of the last object of a page, bound to the query it
 * came from. Opaque to the model; a store resumes strictly after it, so paging is stable while data
 * changes.
 *
 * @param keyValues the sort-key values of the last row ({@code null} where missing)
 * @param id the id of the last row
 */
public record Cursor(List<JsonNode> keyValues, String id) {

    private static final String HINT = "Pass next_cursor exactly as the previous result gave it, with the same type, "
            + "filter, query, related_to_id and sort; or omit cursor to start from the first page.";

    private static final String SIGNED_HINT = "Pass next_cursor exactly as the previous result gave it; or omit"
            + " cursor to start from the first page.";
    private static final int SIGNATURE_BYTES = 16;

    /** Copies the values (which may hold {@code null}). */
    public Cursor {
        keyValues = java.util.Collections.unmodifiableList(new ArrayList<>(keyValues));
    }

    /** Encodes this position for a query with this fingerprint. */
    public String encode(String fingerprint) {
        ObjectNode node = Json.object();
        ArrayNode keys = node.putArray("k");
        keyValues.forEach(v -> keys.add(v == null ? Json.MAPPER.nullNode() : v));
        node.put("i", id);
        node.put("q", Integer.toHexString(fingerprint.hashCode()));
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(Json.write(node).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Decodes a cursor given by the model for a query with this sort, checking that each key value
     * is one the key can hold: text for {@code id} and {@code type}, a date-time or nothing (an object
     * without that timestamp) for the timestamps, any JSON for a property; so a forged cursor is
     * refused rather than reaching a statement.
     *
     * @throws QueryException ({@link ErrorCode#INVALID_CURSOR}, path {@code cursor}) as
     *     {@link #decode(String, String, int)} does, and for a key value the key cannot hold
     */
    public static Cursor decode(String cursor, String fingerprint, List<SortKey> sort) {
        Cursor decoded = decode(cursor, fingerprint, sort.size());
        for (int i = 0; i < sort.size(); i++) {
            SortKey key = sort.get(i);
            JsonNode value = decoded.keyValues().get(i);
            boolean text = ObjectOrder.isTextColumn(key);
            if (key.field().system()
                    && (value == null
                            ? text
                            : !value.isTextual()
                                    || (!text
                                            && IsoDateTime.parse(value.textValue())
                                                    .isEmpty()))) {
                throw QueryException.of(
                        ErrorCode.INVALID_CURSOR, "cursor", "The cursor is not one this tool issued.", HINT);
            }
        }
        return decoded;
    }

    /**
     * Decodes a cursor given by the model.
     *
     * @throws QueryException ({@link ErrorCode#INVALID_CURSOR}, path {@code cursor}) when it is malformed
     *     or belongs to a query with another fingerprint or another number of sort keys
     */
    public static Cursor decode(String cursor, String fingerprint, int sortKeys) {
        JsonNode node;
        try {
            node = Json.parse(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw QueryException.of(
                    ErrorCode.INVALID_CURSOR, "cursor", "The cursor is not one this tool issued.", HINT);
        }
        JsonNode keys = node.get("k");
        JsonNode id = node.get("i");
        JsonNode query = node.get("q");
        if (keys == null
                || !keys.isArray()
                || id == null
                || !id.isTextual()
                || query == null
                || keys.size() != sortKeys) {
            throw QueryException.of(
                    ErrorCode.INVALID_CURSOR, "cursor", "The cursor is not one this tool issued.", HINT);
        }
        if (!query.asText().equals(Integer.toHexString(fingerprint.hashCode()))) {
            throw QueryException.of(
                    ErrorCode.INVALID_CURSOR, "cursor", "The cursor belongs to a different query.", HINT);
        }
        List<JsonNode> values = new ArrayList<>();
        keys.forEach(v -> values.add(v.isNull() ? null : v));
        return new Cursor(values, id.asText());
    }

    /**
     * Signs an encoded cursor for a host's key and a scope: the cursor then carries its own proof, so
     * any instance holding the key resumes it, and a changed, forged or foreign cursor is refused
     * ({@link #unseal}). The signature is an HMAC-SHA256 (16 bytes) of the scope and the cursor.
     *
     * @param cursor a cursor as {@link #encode} gives it
     * @param key the host's key, shared by the instances that serve the same agents
     * @param scope the scope of the call that issued it: a cursor never crosses tenants
     */
    public static String seal(String cursor, byte[] key, Scope scope) {
        return cursor + "." + signature(cursor, key, scope);
    }

    /**
     * The encoded cursor inside a signed one, checked against the key and the call's scope.
     *
     * @throws QueryException ({@link ErrorCode#INVALID_CURSOR}, path {@code cursor}) when it is not
     *     signed, or signed with another key or for another scope, or changed since
     */
    public static String unseal(String sealed, byte[] key, Scope scope) {
        int dot = sealed.lastIndexOf('.');
        if (dot <= 0) {
            throw QueryException.of(
                    ErrorCode.INVALID_CURSOR,
                    "cursor",
                    "The cursor is not signed: it is not one this server issued.",
                    SIGNED_HINT);
        }
        String cursor = sealed.substring(0, dot);
        if (!java.security.MessageDigest.isEqual(
                signature(cursor, key, scope).getBytes(StandardCharsets.US_ASCII),
                sealed.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
            throw QueryException.of(
                    ErrorCode.INVALID_CURSOR,
                    "cursor",
                    "The cursor's signature does not match: it was changed, or issued for another scope or by a"
                            + " server with another key.",
                    SIGNED_HINT);
        }
        return cursor;
    }

    private static String signature(String cursor, byte[] key, Scope scope) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256"));
            // the scope's values are sorted; unit separators keep the parts apart
            scope.values()
                    .forEach((k, v) -> mac.update((k + "\u001f" + v + "\u001e").getBytes(StandardCharsets.UTF_8)));
            mac.update((byte) 0);
            byte[] full = mac.doFinal(cursor.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(java.util.Arrays.copyOf(full, SIGNATURE_BYTES));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
