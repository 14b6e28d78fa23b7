package io.quarry.sql;

/**
 * The backend a contract runs on. Each backend's test class ({@code H2BackendTest},
 * {@code SqliteBackendTest}, {@code PostgresBackendIT}, {@code MariaDbBackendIT}) declares one
 * sub-interface naming its {@link Backend} and nests one subclass of every contract that implements
 * it: adding a backend to every contract is a copy of {@code H2BackendTest} that names it.
 */
interface BackendUnderTest {
    /** The database the contract runs on. */
    Backend backend();
}
