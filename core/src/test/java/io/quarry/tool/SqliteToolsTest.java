package io.quarry.tool;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Nested;

/** Every tool contract on SQLite. */
class SqliteToolsTest {
    /** The backend of every contract below. */
    interface OnSqlite extends StoreUnderTest.OnBackend {
        @Override
        default Backend backend() {
            return Backend.SQLITE;
        }
    }

    @Nested
    class Catalog extends CatalogContract implements OnSqlite {}

    @Nested
    class Tools extends CatalogToolsContract implements OnSqlite {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements OnSqlite {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements OnSqlite {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements OnSqlite {}

    @Nested
    class InputBounds extends InputBoundsContract implements OnSqlite {}

    @Nested
    class Aggregates extends AggregateDifferentialContract implements OnSqlite {}

    @Nested
    class MaskedFields extends MaskedFieldsContract implements OnSqlite {}

    @Nested
    class RoleVisibility extends RoleVisibilityContract implements OnSqlite {}
}
