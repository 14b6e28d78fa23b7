package io.quarry.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the compiled ÷ hand-written benchmarks ({@link RatioBench}, {@link SweepBench}) share: reads in a
 * read-only transaction with the library's settings, pages of ids, counts, timing and medians.
 */
final class BenchJdbc {
    private BenchJdbc() {}

    /** Work on a connection, returning a number (a count, a size). */
    interface Work {
        long run() throws SQLException;
    }

    /** Milliseconds of {@code work}. */
    static double time(Work work) throws SQLException {
        long start = System.nanoTime();
        work.run();
        return (System.nanoTime() - start) / 1e6;
    }

    /**
     * Runs in a read-only transaction with the settings the library uses (on PostgreSQL custom plans and
     * no JIT), or in the transaction already open on {@code c}.
     */
    static long inRead(Connection c, boolean maria, Work work) throws SQLException {
        if (!c.getAutoCommit()) {
            return work.run(); // already in one
        }
        c.setAutoCommit(false);
        try {
            try (Statement st = c.createStatement()) {
                st.execute(
                        maria
                                ? "START TRANSACTION READ ONLY"
                                : "SET TRANSACTION READ ONLY; SET LOCAL plan_cache_mode = force_custom_plan;"
                                        + " SET LOCAL jit = off");
            }
            return work.run();
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
    }

    /** The ids (first column) of a page, reading its properties (third column) as the store does. */
    static List<String> ids(Connection c, boolean maria, String sql, List<?> binds) throws SQLException {
        List<String> out = new ArrayList<>();
        inRead(c, maria, () -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, binds);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                        rs.getString(3);
                    }
                }
            }
            return 0;
        });
        return out;
    }

    /** The one number a count statement returns. */
    static long count(Connection c, boolean maria, String sql, List<?> binds) throws SQLException {
        return inRead(c, maria, () -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, binds);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    static void bind(PreparedStatement ps, List<?> binds) throws SQLException {
        for (int i = 0; i < binds.size(); i++) {
            ps.setObject(i + 1, binds.get(i));
        }
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** One form of one query, run for its effect. */
    interface Call<T> {
        void run(T query) throws SQLException;
    }

    /**
     * Warms the JVM as a running server is warm: both forms of every query whose compiled form answers
     * within 50 ms, round after round, for about {@code seconds} (a cold JIT costs the library's side of
     * a call, not the hand-written JDBC, 1–3 ms per call over the first hundreds of calls).
     */
    static <T> void warmUp(List<T> queries, double seconds, Call<T> compiled, Call<T> hand) throws SQLException {
        List<T> cheap = new ArrayList<>();
        for (T k : queries) {
            if (time(() -> {
                        compiled.run(k);
                        return 0;
                    })
                    < 50) {
                cheap.add(k);
            }
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int calls = 0;
        while (!cheap.isEmpty() && System.nanoTime() < end) {
            for (T k : cheap) {
                compiled.run(k);
                hand.run(k);
                calls++;
            }
        }
        System.out.printf(
                java.util.Locale.ROOT, "warm-up: %d calls of each form over %d queries%n", calls, cheap.size());
    }

    /** PostgreSQL: planning + execution of a statement in the server ({@code EXPLAIN (ANALYZE, TIMING OFF)}). */
    static double postgresServerMs(Connection c, String sql, List<?> binds) throws SQLException {
        double[] ms = {0};
        inRead(c, false, () -> {
            try (PreparedStatement ps = c.prepareStatement("EXPLAIN (ANALYZE, TIMING OFF) " + sql)) {
                bind(ps, binds);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String line = rs.getString(1).strip();
                        if (line.startsWith("Planning Time:") || line.startsWith("Execution Time:")) {
                            ms[0] += Double.parseDouble(line.replaceAll("[^0-9.]", ""));
                        }
                    }
                }
            }
            return 0;
        });
        return ms[0];
    }
}
