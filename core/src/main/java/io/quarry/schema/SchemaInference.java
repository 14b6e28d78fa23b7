package io.quarry.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.IsoDateTime;
import io.quarry.internal.NumericLiteral;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Infers a type's fields from the values its objects hold; the result stays schemaless. */
final class SchemaInference {
    /** Strings longer than this on average make a field {@code text} rather than {@code string}. */
    private static final int TEXT_AVERAGE_LENGTH = 80;

    private SchemaInference() {}

    static EntityType inferType(String name, Collection<? extends JsonNode> objects) {
        Map<String, Map<FieldType, Integer>> votes = new LinkedHashMap<>();
        Map<String, long[]> stringLengths = new LinkedHashMap<>();
        for (JsonNode properties : objects) {
            if (properties == null || !properties.isObject()) {
                continue;
            }
            for (Map.Entry<String, JsonNode> e : properties.properties()) {
                if (!Names.isIdentifier(e.getKey())) {
                    continue;
                }
                Map<FieldType, Integer> counts = votes.computeIfAbsent(e.getKey(), k -> new EnumMap<>(FieldType.class));
                FieldType kind = kindOf(e.getValue());
                if (kind != null) {
                    counts.merge(kind, 1, Integer::sum);
                }
                if (e.getValue().isTextual()) {
                    long[] acc = stringLengths.computeIfAbsent(e.getKey(), k -> new long[2]);
                    acc[0] += e.getValue().asText().length();
                    acc[1]++;
                }
            }
        }
        List<Field> fields = votes.entrySet().stream()
                .map(e -> Field.of(e.getKey(), decide(e.getValue(), stringLengths.get(e.getKey()))))
                .toList();
        return new EntityType(name, null, fields, List.of(), EntityType.Origin.INFERRED);
    }

    /** The kind one value suggests, or {@code null} for a JSON null (which says nothing). */
    private static FieldType kindOf(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber()) {
            return FieldType.INTEGER;
        }
        if (v.isNumber()) {
            return FieldType.NUMBER;
        }
        if (v.isBoolean()) {
            return FieldType.BOOLEAN;
        }
        if (v.isArray()) {
            return FieldType.ARRAY;
        }
        if (v.isObject()) {
            return FieldType.OBJECT;
        }
        String s = v.asText();
        if (IsoDateTime.isDateTime(s)) {
            return s.length() == 10 ? FieldType.DATE : FieldType.DATETIME;
        }
        if (NumericLiteral.parse(s).isPresent()) {
            // numbers stored as strings vote for a number, so messy numeric fields stay numeric
            return FieldType.NUMBER;
        }
        return FieldType.STRING;
    }

    private static FieldType decide(Map<FieldType, Integer> counts, long[] lengths) {
        if (counts.isEmpty()) {
            return FieldType.STRING;
        }
        int integers = counts.getOrDefault(FieldType.INTEGER, 0);
        int numbers = counts.getOrDefault(FieldType.NUMBER, 0);
        int dates = counts.getOrDefault(FieldType.DATE, 0);
        int datetimes = counts.getOrDefault(FieldType.DATETIME, 0);
        Map<FieldType, Integer> merged = new EnumMap<>(counts);
        if (integers > 0 && numbers > 0) {
            merged.remove(FieldType.INTEGER);
            merged.put(FieldType.NUMBER, integers + numbers);
        }
        if (dates > 0 && datetimes > 0) {
            merged.remove(FieldType.DATE);
            merged.put(FieldType.DATETIME, dates + datetimes);
        }
        FieldType best = FieldType.STRING;
        int bestCount = -1;
        for (Map.Entry<FieldType, Integer> e : merged.entrySet()) {
            if (e.getValue() > bestCount) {
                best = e.getKey();
                bestCount = e.getValue();
            }
        }
        if (best == FieldType.STRING
                && lengths != null
                && lengths[1] > 0
                && lengths[0] / lengths[1] > TEXT_AVERAGE_LENGTH) {
            return FieldType.TEXT;
        }
        return best;
    }
}
