package io.quarry.tool;

import org.junit.jupiter.api.Nested;

/** Every tool contract on the in-memory reference store. */
class MemoryToolsTest {
    @Nested
    class Catalog extends CatalogContract implements StoreUnderTest.InMemory {}

    @Nested
    class Tools extends CatalogToolsContract implements StoreUnderTest.InMemory {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements StoreUnderTest.InMemory {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements StoreUnderTest.InMemory {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements StoreUnderTest.InMemory {}

    @Nested
    class InputBounds extends InputBoundsContract implements StoreUnderTest.InMemory {}

    @Nested
    class MaskedFields extends MaskedFieldsContract implements StoreUnderTest.InMemory {}

    @Nested
    class RoleVisibility extends RoleVisibilityContract implements StoreUnderTest.InMemory {}
}
