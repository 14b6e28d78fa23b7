package io.quarry.tool;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Nested;

/** Every tool contract on H2; another backend gets them all with a copy of this class naming it. */
class H2ToolsTest {
    /** The backend of every contract below. */
    interface OnH2 extends StoreUnderTest.OnBackend {
        @Override
        default Backend backend() {
            return Backend.H2;
        }
    }

    @Nested
    class Catalog extends CatalogContract implements OnH2 {}

    @Nested
    class Tools extends CatalogToolsContract implements OnH2 {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements OnH2 {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements OnH2 {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements OnH2 {}

    @Nested
    class InputBounds extends InputBoundsContract implements OnH2 {}

    @Nested
    class Aggregates extends AggregateDifferentialContract implements OnH2 {}

    @Nested
    class MaskedFields extends MaskedFieldsContract implements OnH2 {}

    @Nested
    class RoleVisibility extends RoleVisibilityContract implements OnH2 {}
}
