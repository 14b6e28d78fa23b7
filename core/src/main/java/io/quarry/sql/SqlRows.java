package io.quarry.sql;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The columns and rows a read-only statement returned ({@link JdbcObjectStore#readonly}): numbers as
 * {@link Long} or {@link java.math.BigDecimal}, booleans, text, and any other value (timestamps, JSON)
 * as its text; SQL {@code NULL} as {@code null}.
 *
 * @param columns the column labels, in select order (two may be equal)
 * @param rows the rows, each one value per column
 */
public record SqlRows(List<String> columns, List<List<Object>> rows) {

    /** Copies the arguments; values may be {@code null}. */
    public SqlRows {
        columns = List.copyOf(requireNonNull(columns, "columns"));
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> row : requireNonNull(rows, "rows")) {
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
    }
}
