package io.quarry.sql;

import io.quarry.store.ObjectStore;

/** {@link HostileInputContract} in memory: the reference store takes the same hostile input. */
class HostileInputMemoryTest extends HostileInputContract {
    @Override
    public Backend backend() {
        return Backend.H2; // not read: the store is memory's
    }

    @Override
    ObjectStore store() {
        return memory();
    }

    @Override
    String name() {
        return "MEMORY";
    }
}
