package io.quarry.springai;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;

/** {@link ZeroConfigurationContract} on H2 in process (Chinook's MySQL script, quoted for H2). */
class ZeroConfigurationH2Test extends ZeroConfigurationContract {
    @Override
    String[] database(String name) {
        return new String[] {"spring.datasource.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1"};
    }

    @Override
    String chinook() {
        return "classpath:io/quarry/sql/introspect/chinook.h2.sql";
    }

    @Override
    String[] readOnlyUser(DataSource owner, String name) throws Exception {
        // an H2 user without admin rights may not CREATE ALIAS
        execute(owner, "CREATE USER " + name + " PASSWORD 'reader'", "GRANT SELECT ON SCHEMA PUBLIC TO " + name);
        return new String[] {
            // the database stays open (the owner set DB_CLOSE_DELAY, which only an admin may)
            "spring.datasource.url=jdbc:h2:mem:" + name,
            "spring.datasource.username=" + name,
            "spring.datasource.password=reader"
        };
    }

    @Override
    int helperFunctions(DataSource owner) throws Exception {
        try (Connection c = owner.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.ROUTINES"
                        + " WHERE ROUTINE_NAME LIKE 'QUARRY\\_%' ESCAPE '\\'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
