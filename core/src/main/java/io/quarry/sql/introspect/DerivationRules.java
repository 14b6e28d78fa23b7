package io.quarry.sql.introspect;

import io.quarry.schema.FieldType;

/**
 * The rules introspection applies to names and columns, for other derivations of a configuration
 * (such as {@code quarry-jpa}'s from an entity model) that must agree with it: one rule, one place.
 */
public final class DerivationRules {
    private DerivationRules() {}

    /**
     * Whether a field looks secret and is hidden by default: a word {@code password}, {@code secret},
     * {@code token}, {@code hash}, {@code salt}… or a phrase such as {@code api_key}.
     *
     * @param field a snake_case field name
     * @return whether introspection would hide it
     */
    public static boolean looksSecret(String field) {
        return ConfigDerivation.looksSecret(field);
    }

    /**
     * The snake_case form of a name: {@code InvoiceDate}, {@code invoiceDate}, {@code INVOICE_DATE} →
     * {@code invoice_date}.
     *
     * @param name a table, column or attribute name
     * @return its snake_case form
     */
    public static String snakeCase(String name) {
        return Naming.snakeCase(name);
    }

    /**
     * The table layout's column type that reads a field of this type ({@code number}, {@code boolean},
     * {@code timestamp}, {@code json} or {@code text}).
     *
     * @param type the field's type
     * @return the {@code type} of its column in {@code store.tables}
     */
    public static String columnType(FieldType type) {
        return ConfigDerivation.columnType(type);
    }

    /**
     * The system timestamp a {@code datetime} field named so serves as: {@code created_at} for
     * {@code created_at}, {@code created_on}, {@code inserted_at}…, {@code updated_at} for {@code
     * updated_at}, {@code last_modified}…, otherwise {@code null}.
     *
     * @param field a snake_case field name
     * @return {@code created_at}, {@code updated_at} or {@code null}
     */
    public static String timestampRole(String field) {
        return ConfigDerivation.timestampRole(field);
    }
}
