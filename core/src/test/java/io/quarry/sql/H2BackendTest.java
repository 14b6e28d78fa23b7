package io.quarry.sql;

import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;

/**
 * Every backend contract on H2, in process. Each contract loads its own database ({@link Backend}), named after
 * the contract; {@link GeneratedFilterContract} runs on jqwik, so it is a {@link Group} rather than a
 * {@link Nested} class.
 */
class H2BackendTest {
    /** The backend of every contract below. */
    interface OnH2 extends BackendUnderTest {
        @Override
        default Backend backend() {
            return Backend.H2;
        }
    }

    @Nested
    class Corpus extends CorpusContract implements OnH2 {}

    @Nested
    class ToolFixture extends ToolFixtureContract implements OnH2 {}

    @Group
    class GeneratedFilter extends GeneratedFilterContract implements OnH2 {}

    @Group
    class HostileInput extends HostileInputContract implements OnH2 {}

    @Group
    class RegexBounds extends RegexBoundsContract implements OnH2 {}

    @Nested
    class DirtyData extends DirtyDataContract implements OnH2 {}

    @Nested
    class LongSortKey extends LongSortKeyContract implements OnH2 {}

    @Nested
    class Injection extends InjectionContract implements OnH2 {}

    @Nested
    class Scope extends ScopeContract implements OnH2 {}

    @Nested
    class SemanticSearch extends SemanticSearchContract implements OnH2 {}

    @Nested
    class TableCorpus extends TableCorpusContract implements OnH2 {}

    @Nested
    class TableLayout extends TableLayoutContract implements OnH2 {}

    @Group
    class TableAggregation extends TableAggregationContract implements OnH2 {}

    @Group
    class Chinook extends ChinookContract implements OnH2 {}

    @Nested
    class LayoutSetup extends LayoutSetupContract implements OnH2 {}

    @Nested
    class SqlGuard extends SqlGuardContract implements OnH2 {}

    @Nested
    class SqlGuardOutsider extends SqlGuardOutsiderContract implements OnH2 {}

    @Nested
    class StatementTimeout extends StatementTimeoutContract implements OnH2 {}
}
