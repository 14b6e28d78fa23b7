package io.quarry.tool;

import io.quarry.sql.Backend;
import org.junit.jupiter.api.Nested;

/** Every tool contract on H2; another backend gets them all with a copy of this class naming it. */
class H2ToolsTest {
    static final Backend BACKEND = Backend.H2;

    @Nested
    class Catalog extends CatalogContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }

    @Nested
    class Tools extends CatalogToolsContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }

    @Nested
    class Aggregates extends AggregateDifferentialContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements StoreUnderTest.OnBackend {
        @Override
        public Backend backend() {
            return BACKEND;
        }
    }
}
