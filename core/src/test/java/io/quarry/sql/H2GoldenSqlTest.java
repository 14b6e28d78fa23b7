package io.quarry.sql;

import io.quarry.sql.dialect.Dialect;
import io.quarry.sql.dialect.H2Dialect;

/** The golden SQL of H2. */
class H2GoldenSqlTest extends GoldenSqlContract {
    @Override
    Dialect dialect() {
        return new H2Dialect();
    }
}
