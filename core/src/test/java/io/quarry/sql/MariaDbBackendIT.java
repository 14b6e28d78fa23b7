package io.quarry.sql;

import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;

/**
 * Every backend contract on MariaDB. Each contract loads its own database ({@link Backend}), named after
 * the contract; {@link GeneratedFilterContract} runs on jqwik, so it is a {@link Group} rather than a
 * {@link Nested} class.
 */
class MariaDbBackendIT {
    /** The backend of every contract below. */
    interface OnMariaDb extends BackendUnderTest {
        @Override
        default Backend backend() {
            return Backend.MARIADB;
        }
    }

    @Nested
    class Corpus extends CorpusContract implements OnMariaDb {}

    @Nested
    class ToolFixture extends ToolFixtureContract implements OnMariaDb {}

    @Group
    class GeneratedFilter extends GeneratedFilterContract implements OnMariaDb {}

    @Group
    class HostileInput extends HostileInputContract implements OnMariaDb {}

    @Group
    class RegexBounds extends RegexBoundsContract implements OnMariaDb {}

    @Nested
    class DirtyData extends DirtyDataContract implements OnMariaDb {}

    @Nested
    class LongSortKey extends LongSortKeyContract implements OnMariaDb {}

    @Nested
    class Injection extends InjectionContract implements OnMariaDb {}

    @Nested
    class Scope extends ScopeContract implements OnMariaDb {}

    @Nested
    class SemanticSearch extends SemanticSearchContract implements OnMariaDb {}

    @Nested
    class TableCorpus extends TableCorpusContract implements OnMariaDb {}

    @Nested
    class TableLayout extends TableLayoutContract implements OnMariaDb {}

    @Group
    class TableAggregation extends TableAggregationContract implements OnMariaDb {}

    @Group
    class Chinook extends ChinookContract implements OnMariaDb {}

    @Nested
    class LayoutSetup extends LayoutSetupContract implements OnMariaDb {}

    @Nested
    class SqlGuard extends SqlGuardContract implements OnMariaDb {}

    @Nested
    class SqlGuardOutsider extends SqlGuardOutsiderContract implements OnMariaDb {}

    @Nested
    class StatementTimeout extends StatementTimeoutContract implements OnMariaDb {}
}
