package io.quarry.config;

import io.quarry.schema.FieldType;
import io.quarry.sql.TableLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a table layout says about its types' fields, so that a field is written once: each mapped
 * field implies its schema field and type ({@code {column: Total, type: number}} is a {@code number}
 * field, a bare column name a {@code string}); the {@code types} section only adds to it.
 */
final class LayoutFields {
    /**
     * A field the layout maps.
     *
     * @param type the field type it implies
     * @param column what its column holds, which the {@code types} section's type must agree with
     * @param at the layout's entry, for errors
     */
    record Mapped(FieldType type, TableLayout.ColumnType column, ConfigNode at) {}

    /**
     * The fields a layout maps for one type, in layout order, and whether the type has a {@code rest}
     * JSON column (which holds any field the layout does not map).
     */
    record TypeFields(Map<String, Mapped> fields, boolean rest, List<String> timestamps) {}

    private LayoutFields() {}

    /** The mapped fields of every type of the layout, by type name, in layout order. */
    static Map<String, TypeFields> of(ConfigNode store, TableLayout layout) {
        Map<String, TypeFields> out = new LinkedHashMap<>();
        ConfigNode types = store.get("tables").flatMap(t -> t.get("types")).orElseThrow();
        for (TableLayout.TypeTable table : layout.types()) {
            ConfigNode fieldsNode =
                    types.get(table.type()).flatMap(t -> t.get("fields")).orElse(null);
            Map<String, Mapped> fields = new LinkedHashMap<>();
            table.fields().forEach((name, column) -> {
                ConfigNode at = fieldsNode.get(name).orElseThrow();
                String declared =
                        at.isText() ? null : at.get("type").map(t -> t.text("")).orElse(null);
                fields.put(name, new Mapped(implied(declared, column), column.type(), at));
            });
            List<String> timestamps = io.quarry.schema.EntityType.TIMESTAMPS.stream()
                    .filter(t -> table.timestampColumn(t) != null)
                    .toList();
            out.put(table.type(), new TypeFields(fields, table.rest() != null, timestamps));
        }
        return out;
    }

    /**
     * The field type a layout field implies: the type it names when that is a field type ({@code
     * integer}, {@code date}, {@code enum}…), else its column's: text a string, number a number,
     * timestamp a datetime, a whole JSON column an object, a path inside one a string.
     */
    private static FieldType implied(String declared, TableLayout.FieldColumn column) {
        if (declared != null) {
            var named = FieldType.fromJsonName(declared);
            if (named.isPresent()) {
                return named.get();
            }
        }
        return switch (column.type().name()) {
            case "NUMBER" -> FieldType.NUMBER;
            case "BOOLEAN" -> FieldType.BOOLEAN;
            case "TIMESTAMP", "TIMESTAMP_TEXT", "EPOCH_SECONDS", "EPOCH_MILLIS" -> FieldType.DATETIME;
            case "JSON" -> column.path().isEmpty() ? FieldType.OBJECT : FieldType.STRING;
            default -> FieldType.STRING;
        };
    }

    /** The field types a column of this kind can hold; every type for a JSON column. */
    static List<FieldType> compatible(TableLayout.ColumnType column) {
        return switch (column.name()) {
            case "TEXT" -> List.of(FieldType.STRING, FieldType.TEXT, FieldType.ENUM);
            case "NUMBER" -> List.of(FieldType.INTEGER, FieldType.NUMBER);
            case "BOOLEAN" -> List.of(FieldType.BOOLEAN);
            case "TIMESTAMP", "TIMESTAMP_TEXT", "EPOCH_SECONDS", "EPOCH_MILLIS" ->
                List.of(FieldType.DATETIME, FieldType.DATE);
            default -> List.of(FieldType.values());
        };
    }

    /** The layout column type a field type is stored in, for a layout field written with a field type. */
    static TableLayout.ColumnType columnOf(FieldType type) {
        return switch (type) {
            case INTEGER, NUMBER -> TableLayout.ColumnType.NUMBER;
            case BOOLEAN -> TableLayout.ColumnType.BOOLEAN;
            case DATE -> TableLayout.ColumnType.DATE;
            case DATETIME -> TableLayout.ColumnType.TIMESTAMP;
            case OBJECT, ARRAY -> TableLayout.ColumnType.JSON;
            default -> TableLayout.ColumnType.TEXT;
        };
    }
}
