package io.quarry.sql;

import static java.util.Objects.requireNonNull;

/**
 * The identifiers of the statements a layout runs, quoted by its dialect: the base of the layouts
 * and of their {@link ReadPredicates}, so each names columns and tables the one way.
 */
abstract class Quoting {
    /** The dialect every identifier is quoted by. */
    final Dialect dialect;

    Quoting(Dialect dialect) {
        this.dialect = requireNonNull(dialect, "dialect");
    }

    /** An identifier, quoted. */
    final String q(String identifier) {
        return dialect.quoteIdentifier(identifier);
    }

    /** {@code "alias"."column"}. */
    final String col(String alias, String column) {
        return q(alias) + "." + q(column);
    }

    /** A type table's name, qualified by its schema when it names one. */
    final String name(TableLayout.TypeTable table) {
        return table.schema() == null ? q(table.table()) : q(table.schema()) + "." + q(table.table());
    }

    /** An edges table's name, qualified by its schema when it names one. */
    final String name(TableLayout.EdgesTable e) {
        return e.schema() == null ? q(e.table()) : q(e.schema()) + "." + q(e.table());
    }
}
