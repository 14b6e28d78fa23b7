package io.quarry.tool;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Nested;

/** Every tool contract on PostgreSQL. */
class PostgresToolsIT {
    /** The backend of every contract below. */
    interface OnPostgres extends StoreUnderTest.OnBackend {
        @Override
        default Backend backend() {
            return Backend.POSTGRES;
        }
    }

    @Nested
    class Catalog extends CatalogContract implements OnPostgres {}

    @Nested
    class Tools extends CatalogToolsContract implements OnPostgres {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements OnPostgres {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements OnPostgres {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements OnPostgres {}

    @Nested
    class InputBounds extends InputBoundsContract implements OnPostgres {}

    @Nested
    class Aggregates extends AggregateDifferentialContract implements OnPostgres {}

    @Nested
    class MaskedFields extends MaskedFieldsContract implements OnPostgres {}

    @Nested
    class RoleVisibility extends RoleVisibilityContract implements OnPostgres {}
}
