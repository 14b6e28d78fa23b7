package io.quarry.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.Optional;

/** The one JSON configuration of the library: exact decimals, duplicate keys rejected. */
public final class Json {
    /** Reads numbers as exact decimals and rejects duplicate keys, so a filter means one thing. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Json() {}

    /** A new empty object node. */
    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Parses JSON text into a tree. */
    public static JsonNode parse(String json) throws JsonProcessingException {
        return MAPPER.readTree(json);
    }

    /** Compact JSON text of a tree. */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /**
     * The exact decimal a JSON number node holds; a double node (from a tree built elsewhere) gives
     * its shortest decimal form, so {@code 0.1} stays {@code 0.1}. Empty for NaN, infinities and
     * anything outside the finite double range.
     */
    public static Optional<BigDecimal> decimal(JsonNode node) {
        if (node == null || !node.isNumber()) {
            return Optional.empty();
        }
        BigDecimal value;
        if (node.isDouble() || node.isFloat()) {
            double d = node.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return Optional.empty();
            }
            value = BigDecimal.valueOf(d);
        } else {
            value = node.decimalValue();
        }
        return NumericLiteral.inDoubleRange(value) ? Optional.of(value) : Optional.empty();
    }
}
