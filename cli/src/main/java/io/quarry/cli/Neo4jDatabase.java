package io.quarry.cli;

import io.quarry.neo4j.Neo4jObjectStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.neo4j.driver.AuthToken;
import org.neo4j.driver.AuthTokens;
import org.neo4j.driver.Config;
import org.neo4j.driver.Driver;
import org.neo4j.driver.GraphDatabase;
import org.neo4j.driver.exceptions.ClientException;
import org.neo4j.driver.exceptions.SecurityException;
import org.neo4j.driver.exceptions.ServiceUnavailableException;

/**
 * A Neo4j database named by {@code --neo4j-url}: one driver per URL and user for the process (closed
 * when it exits), checked at once so that an unreachable server, a refused user or a missing
 * database is one line ({@link DatabaseProblem}) before any tool runs.
 */
final class Neo4jDatabase {
    private static final Map<String, Driver> DRIVERS = new ConcurrentHashMap<>();

    private Neo4jDatabase() {}

    /**
     * The store of Quarry's graph layout in that database.
     *
     * @param url {@code bolt://}, {@code neo4j://} (and their {@code +s}/{@code +ssc} forms)
     * @param user the user, or {@code null} for a server without authentication
     * @param password the password (with a user)
     * @param database the database, or {@code null} for the server's default
     * @param label the label every object node carries, or {@code null} for Quarry's default
     * @param timeout the transaction timeout of every read
     */
    static Neo4jObjectStore store(
            String url, String user, String password, String database, String label, Duration timeout) {
        Neo4jObjectStore.Builder b = Neo4jObjectStore.builder()
                .driver(driver(url, user, password, database))
                .database(database)
                .timeout(timeout);
        if (label != null) {
            b.label(label);
        }
        return b.build();
    }

    /** Refuses --neo4j-database or --neo4j-label without --neo4j-url (every command that takes them). */
    static void requireUrl(String url, String database, String label) {
        if (url == null && (database != null || label != null)) {
            throw new IllegalArgumentException(
                    (database != null ? "--neo4j-database" : "--neo4j-label") + " needs --neo4j-url");
        }
    }

    private static Driver driver(String url, String user, String password, String database) {
        String scheme = url.contains("://") ? url.substring(0, url.indexOf("://")) : "";
        if (!scheme.matches("(bolt|neo4j)(\\+s|\\+ssc)?")) {
            throw new IllegalArgumentException(
                    "--neo4j-url takes a Bolt URL such as bolt://localhost:7687 or neo4j://db.example.com, was '" + url
                            + "'");
        }
        if (user == null && password != null) {
            throw new IllegalArgumentException("--password needs --user");
        }
        String key = url + "\n" + user + "\n" + password + "\n" + database;
        Driver known = DRIVERS.get(key);
        if (known != null) {
            return known;
        }
        AuthToken auth = user == null ? AuthTokens.none() : AuthTokens.basic(user, password == null ? "" : password);
        Driver driver = GraphDatabase.driver(
                url,
                auth,
                Config.builder().withConnectionTimeout(10, TimeUnit.SECONDS).build());
        try {
            driver.verifyConnectivity();
            if (database != null) {
                try (var session = driver.session(org.neo4j.driver.SessionConfig.forDatabase(database))) {
                    session.run("RETURN 1").consume();
                }
            }
        } catch (ServiceUnavailableException e) {
            driver.close();
            throw new DatabaseProblem(
                    "cannot reach Neo4j at " + url + "; check that it is running and that the host and port in"
                            + " --neo4j-url are right",
                    e);
        } catch (SecurityException e) { // AuthenticationException among them
            driver.close();
            throw new DatabaseProblem(
                    "Neo4j at " + url + " refused "
                            + (user == null ? "a connection without a user" : "the user " + user)
                            + "; check --user and --password",
                    e);
        } catch (ClientException e) {
            driver.close();
            throw new DatabaseProblem(
                    database == null
                            ? "Neo4j at " + url + " cannot serve: " + firstLine(e.getMessage())
                            : "Neo4j at " + url + " has no database " + database + "; check --neo4j-database",
                    e);
        }
        Driver raced = DRIVERS.putIfAbsent(key, driver);
        if (raced != null) {
            driver.close();
            return raced;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(driver::close, "quarry-neo4j-close"));
        return driver;
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
