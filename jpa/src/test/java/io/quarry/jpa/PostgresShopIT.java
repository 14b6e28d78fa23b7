package io.quarry.jpa;

import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;

/** The test entity model on PostgreSQL, in a schema of its own. */
class PostgresShopIT extends ShopContract {
    private PostgresSchema schema;

    @Override
    String url() {
        schema = new PostgresSchema("shop");
        return schema.url();
    }

    @Override
    DataSource dataSource() {
        return schema.dataSource();
    }

    @Override
    String backend() {
        return "postgres";
    }

    @AfterAll
    void dropSchema() throws Exception {
        schema.drop();
    }
}
