package io.quarry.sql;

import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;

/**
 * Every backend contract on PostgreSQL. Each contract loads its own database ({@link Backend}), named after
 * the contract; {@link GeneratedFilterContract} runs on jqwik, so it is a {@link Group} rather than a
 * {@link Nested} class.
 */
class PostgresBackendIT {
    /** The backend of every contract below. */
    interface OnPostgres extends BackendUnderTest {
        @Override
        default Backend backend() {
            return Backend.POSTGRES;
        }
    }

    @Nested
    class Corpus extends CorpusContract implements OnPostgres {}

    @Nested
    class ToolFixture extends ToolFixtureContract implements OnPostgres {}

    @Group
    class GeneratedFilter extends GeneratedFilterContract implements OnPostgres {}

    @Group
    class HostileInput extends HostileInputContract implements OnPostgres {}

    @Group
    class RegexBounds extends RegexBoundsContract implements OnPostgres {}

    @Nested
    class DirtyData extends DirtyDataContract implements OnPostgres {}

    @Nested
    class LongSortKey extends LongSortKeyContract implements OnPostgres {}

    @Nested
    class Injection extends InjectionContract implements OnPostgres {}

    @Nested
    class Scope extends ScopeContract implements OnPostgres {}

    @Nested
    class SemanticSearch extends SemanticSearchContract implements OnPostgres {}

    @Nested
    class TableCorpus extends TableCorpusContract implements OnPostgres {}

    @Nested
    class TableLayout extends TableLayoutContract implements OnPostgres {}

    @Group
    class TableAggregation extends TableAggregationContract implements OnPostgres {}

    @Group
    class Chinook extends ChinookContract implements OnPostgres {}

    @Nested
    class LayoutSetup extends LayoutSetupContract implements OnPostgres {}

    @Nested
    class SqlGuard extends SqlGuardContract implements OnPostgres {}

    @Nested
    class SqlGuardOutsider extends SqlGuardOutsiderContract implements OnPostgres {}

    @Nested
    class StatementTimeout extends StatementTimeoutContract implements OnPostgres {}
}
