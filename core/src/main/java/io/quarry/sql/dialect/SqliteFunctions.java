package io.quarry.sql.dialect;

import io.quarry.sql.functions.QuarryFunctions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.sqlite.Function;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConnection;

/**
 * The sqlite-jdbc side of {@link SqliteDialect}: registers {@link QuarryFunctions} on a connection
 * ({@code org.sqlite.Function}) and enforces the statement timeout with a progress handler that
 * interrupts the statement. Kept apart so that only SQLite connections load sqlite-jdbc's classes.
 */
final class SqliteFunctions {
    private static final Set<SQLiteConnection> REGISTERED =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** Progress-handler period in virtual-machine instructions: a few microseconds of work. */
    private static final int PERIOD = 1_000;

    private SqliteFunctions() {}

    @FunctionalInterface
    private interface Body {
        Object call(String[] args);
    }

    private record Definition(int arity, Body body) {}

    private static final Map<InProcessFunction, Definition> FUNCTIONS = Map.of(
            InProcessFunction.TEXT,
            new Definition(5, a -> QuarryFunctions.text(a[0], a[1], a[2], a[3], flag(a[4]))),
            InProcessFunction.VALUE,
            new Definition(5, a -> QuarryFunctions.value(a[0], a[1], a[2], a[3], flag(a[4]))),
            InProcessFunction.SORT_BRACKET,
            new Definition(2, a -> QuarryFunctions.sortBracket(a[0], a[1])),
            InProcessFunction.SORT_NUMBER,
            new Definition(2, a -> QuarryFunctions.sortNumberText(a[0], a[1])),
            InProcessFunction.SORT_INSTANT,
            new Definition(2, a -> QuarryFunctions.sortInstant(a[0], a[1])),
            InProcessFunction.SORT_STRING,
            new Definition(2, a -> QuarryFunctions.sortString(a[0], a[1])),
            InProcessFunction.SORT_BOOLEAN,
            new Definition(2, a -> QuarryFunctions.sortBoolean(a[0], a[1])));

    /** Registers the functions once per connection (a pool hands the same connection out again). */
    static void register(Connection connection) throws SQLException {
        SQLiteConnection raw = unwrap(connection);
        if (REGISTERED.contains(raw)) {
            return;
        }
        for (Map.Entry<InProcessFunction, Definition> f : FUNCTIONS.entrySet()) {
            int arity = f.getValue().arity();
            Function.create(
                    raw, f.getKey().sqlName(), adapter(f.getValue().body(), arity), arity, Function.FLAG_DETERMINISTIC);
        }
        REGISTERED.add(raw);
    }

    /** Interrupts any statement of this connection that runs past {@code deadlineNanos} ({@link System#nanoTime}). */
    static void interruptAfter(Connection connection, long deadlineNanos) throws SQLException {
        ProgressHandler.setHandler(unwrap(connection), PERIOD, new ProgressHandler() {
            @Override
            protected int progress() {
                return System.nanoTime() - deadlineNanos > 0 ? 1 : 0;
            }
        });
    }

    /** Removes the timeout's progress handler. */
    static void clearInterrupt(Connection connection) throws SQLException {
        ProgressHandler.clearHandler(unwrap(connection));
    }

    private static SQLiteConnection unwrap(Connection connection) throws SQLException {
        if (connection instanceof SQLiteConnection c) {
            return c;
        }
        if (connection.isWrapperFor(SQLiteConnection.class)) {
            return connection.unwrap(SQLiteConnection.class);
        }
        throw new SQLException("SqliteDialect needs a connection of sqlite-jdbc (org.sqlite), not "
                + connection.getClass().getName());
    }

    private static boolean flag(String value) {
        return "1".equals(value) || "true".equalsIgnoreCase(value);
    }

    private static Function adapter(Body body, int arity) {
        return new Function() {
            @Override
            protected void xFunc() throws SQLException {
                String[] args = new String[arity];
                for (int i = 0; i < arity; i++) {
                    args[i] = value_text(i);
                }
                Object r = body.call(args);
                if (r == null) {
                    result();
                } else if (r instanceof Boolean b) {
                    result(b ? 1 : 0);
                } else if (r instanceof Integer || r instanceof Long) {
                    result(((Number) r).longValue());
                } else {
                    result(r.toString());
                }
            }
        };
    }
}
