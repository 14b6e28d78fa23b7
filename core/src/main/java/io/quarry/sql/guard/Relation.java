package io.quarry.sql.guard;

import io.quarry.sql.SqlWriter;
import io.quarry.store.Scope;
import java.util.List;
import java.util.Set;

/**
 * One relation {@code run_readonly_sql} lets a statement name: a type of the schema, its allowed
 * columns, the fields it hides, and how to write it as a scoped subquery.
 *
 * @param name the type name, as the statement's printed form spells it
 * @param columns the allowed column names, in {@code *} order
 * @param hidden the type's hidden field names, refused wherever they appear
 * @param instants the columns that hold the store's timestamps ({@code Dialect.timestamp} binds them)
 * @param source writes {@code (SELECT … FROM … WHERE <scope>)} with the allowed columns only
 * @param masked the type's masked field names: no column either (an expression over one would show its
 *     values), refused wherever they appear
 */
record Relation(
        String name,
        List<String> columns,
        Set<String> hidden,
        Set<String> instants,
        Source source,
        Set<String> masked) {

    Relation {
        columns = List.copyOf(columns);
        hidden = Set.copyOf(hidden);
        instants = Set.copyOf(instants);
        masked = Set.copyOf(masked);
    }

    /** This relation refusing these masked fields too. */
    Relation withMasked(Set<String> maskedFields) {
        return new Relation(name, columns, hidden, instants, source, maskedFields);
    }

    /** A relation without masked fields. */
    Relation(String name, List<String> columns, Set<String> hidden, Set<String> instants, Source source) {
        this(name, columns, hidden, instants, source, Set.of());
    }

    /** Writes a relation's scoped subquery. */
    @FunctionalInterface
    interface Source {
        /** Writes the parenthesized subquery that holds exactly the scope's rows of the relation. */
        void write(SqlWriter w, Scope scope);
    }
}
