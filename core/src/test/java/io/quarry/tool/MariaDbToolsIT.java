package io.quarry.tool;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Nested;

/** Every tool contract on MariaDB. */
class MariaDbToolsIT {
    /** The backend of every contract below. */
    interface OnMariaDb extends StoreUnderTest.OnBackend {
        @Override
        default Backend backend() {
            return Backend.MARIADB;
        }
    }

    @Nested
    class Catalog extends CatalogContract implements OnMariaDb {}

    @Nested
    class Tools extends CatalogToolsContract implements OnMariaDb {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements OnMariaDb {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements OnMariaDb {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements OnMariaDb {}

    @Nested
    class InputBounds extends InputBoundsContract implements OnMariaDb {}

    @Nested
    class Aggregates extends AggregateDifferentialContract implements OnMariaDb {}

    @Nested
    class MaskedFields extends MaskedFieldsContract implements OnMariaDb {}

    @Nested
    class RoleVisibility extends RoleVisibilityContract implements OnMariaDb {}
}
