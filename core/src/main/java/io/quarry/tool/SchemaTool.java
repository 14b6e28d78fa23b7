package io.quarry.tool;

import io.quarry.store.ObjectStore;

/**
 * A catalog tool of one toolkit: its name, and the parts of the toolkit every such tool reads (the
 * schema view, the query runner, the store and the toolkit's limits), handed to each alike.
 */
abstract class SchemaTool implements CatalogTool {
    /** What the toolkit hands every catalog tool it builds. */
    record Parts(SchemaView view, QueryRunner runner, ObjectStore store, Limits limits) {}

    final SchemaView view;
    final QueryRunner runner;
    final ObjectStore store;
    /** The toolkit's limits (a call's own are {@link Call#limits()}): the defaults a description states. */
    final Limits limits;

    private final String name;

    SchemaTool(String name, Parts parts) {
        this.name = name;
        this.view = parts.view();
        this.runner = parts.runner();
        this.store = parts.store();
        this.limits = parts.limits();
    }

    @Override
    public final String name() {
        return name;
    }
}
