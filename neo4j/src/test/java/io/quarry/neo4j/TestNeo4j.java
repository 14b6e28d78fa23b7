package io.quarry.neo4j;

import io.quarry.store.DataFile;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * The one Neo4j of a test run: an embedded Neo4j 5.26 (the test harness, Bolt only, no HTTP) started
 * on first use and stopped when the JVM exits, or the server {@code QUARRY_TEST_NEO4J_URL} names
 * ({@code bolt://host:7687}, no authentication). Every data set gets its own object label, so the
 * contracts share one database (Community Edition has one) without seeing each other's objects.
 */
public final class TestNeo4j {
    private static final AtomicInteger STORES = new AtomicInteger();
    private static Driver driver;

    private TestNeo4j() {}

    /** The shared driver, starting the database on first use. */
    public static synchronized Driver driver() {
        if (driver == null) {
            String url = System.getenv("QUARRY_TEST_NEO4J_URL");
            if (url == null || url.isBlank()) {
                Neo4j neo4j =
                        Neo4jBuilders.newInProcessBuilder().withDisabledServer().build();
                url = neo4j.boltURI().toString();
                Runtime.getRuntime().addShutdownHook(new Thread(neo4j::close));
            }
            Driver d = GraphDatabase.driver(url, AuthTokens.none());
            Runtime.getRuntime().addShutdownHook(new Thread(d::close));
            driver = d;
        }
        return driver;
    }

    /** A store of a data set under a new label named after {@code name}, loaded and ready. */
    public static Neo4jObjectStore store(String name, DataFile.DataSet data) {
        // as the SQL contracts' storeThatWaits: a loaded build machine cannot fail a case that must answer
        return store(name, data, Neo4jObjectStore.builder().timeout(java.time.Duration.ofSeconds(60)));
    }

    /** As {@link #store(String, DataFile.DataSet)}, with the builder's other settings. */
    public static Neo4jObjectStore store(String name, DataFile.DataSet data, Neo4jObjectStore.Builder builder) {
        String label = "T" + STORES.incrementAndGet() + "_"
                + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        Neo4jObjectStore store = builder.driver(driver()).label(label).build();
        store.createLayout();
        store.load(data);
        return store;
    }
}
