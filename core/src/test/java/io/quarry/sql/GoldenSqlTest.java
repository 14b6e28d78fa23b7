package io.quarry.sql;

import io.quarry.sql.dialect.H2Dialect;
import io.quarry.sql.dialect.MySqlDialect;
import io.quarry.sql.dialect.PostgresDialect;
import io.quarry.sql.dialect.SqliteDialect;
import org.junit.jupiter.api.Nested;

/**
 * The golden SQL of every dialect. It needs no database, so it stays one unit test beside the backend
 * classes ({@code H2BackendTest}, …) and covers MySQL 8, which has no backend here.
 */
class GoldenSqlTest {
    @Nested
    class H2 extends GoldenSqlContract {
        @Override
        Dialect dialect() {
            return new H2Dialect();
        }
    }

    @Nested
    class Sqlite extends GoldenSqlContract {
        @Override
        Dialect dialect() {
            return new SqliteDialect();
        }
    }

    @Nested
    class Postgres extends GoldenSqlContract {
        @Override
        Dialect dialect() {
            return new PostgresDialect();
        }
    }

    @Nested
    class MariaDb extends GoldenSqlContract {
        @Override
        Dialect dialect() {
            return MySqlDialect.mariadb();
        }
    }

    @Nested
    class MySql extends GoldenSqlContract {
        @Override
        Dialect dialect() {
            return MySqlDialect.mysql();
        }
    }
}
