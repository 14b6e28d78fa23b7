package io.quarry.sql.introspect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Runs one metadata query and hands each row on. */
final class Sweep {
    private Sweep() {}

    /** A row handler that may throw. */
    interface Row {
        void accept(ResultSet rs) throws SQLException;
    }

    /**
     * Runs {@code sql}, binding {@code value} (a schema name or an array of them) to each of its
     * parameters, and passes every row to {@code row}.
     */
    static void query(Connection c, String sql, Object value, Row row) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            long parameters = sql.chars().filter(ch -> ch == '?').count(); // no '?' inside literals here
            for (int i = 1; i <= parameters; i++) {
                s.setObject(i, value);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    row.accept(rs);
                }
            }
        }
    }
}
