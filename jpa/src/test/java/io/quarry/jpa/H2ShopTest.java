package io.quarry.jpa;

import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The test entity model on H2 in process. */
class H2ShopTest extends ShopContract {
    private static final String URL = "jdbc:h2:mem:jpa_shop;DB_CLOSE_DELAY=-1";

    @Override
    String url() {
        return URL;
    }

    @Override
    DataSource dataSource() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(URL);
        return ds;
    }

    @Override
    String backend() {
        return "h2";
    }
}
