package io.quarry.tool;

import io.quarry.neo4j.TestNeo4j;
import io.quarry.store.DataFile;
import io.quarry.store.ObjectStore;
import org.junit.jupiter.api.Nested;

/**
 * Every tool contract core runs on H2 and the in-memory store, on Neo4j: the tools end to end over a
 * {@code Neo4jObjectStore} (schema, discover, query, typed tools, related_to_id both ways,
 * get/relationships, aggregation against the in-memory answers, scope, input bounds). In this package
 * for the contracts' package-private parts.
 */
class Neo4jToolsTest {
    /** The store of every contract below: a Neo4j store under its own label on the run's one server. */
    interface OnNeo4j extends StoreUnderTest {
        @Override
        default ObjectStore newStore(String name, DataFile.DataSet data) {
            return TestNeo4j.store(name, data);
        }
    }

    @Nested
    class Catalog extends CatalogContract implements OnNeo4j {}

    @Nested
    class Tools extends CatalogToolsContract implements OnNeo4j {}

    @Nested
    class SeedScenarios extends ScopeSeedScenariosContract implements OnNeo4j {}

    @Nested
    class QueryGraphObjects extends QueryGraphObjectsContract implements OnNeo4j {}

    @Nested
    class GetDatabaseSchema extends GetDatabaseSchemaContract implements OnNeo4j {}

    @Nested
    class InputBounds extends InputBoundsContract implements OnNeo4j {}

    @Nested
    class Aggregates extends AggregateDifferentialContract implements OnNeo4j {}
}
