package io.quarry.sql;

import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;

/**
 * Every backend contract on SQLite, in process. Each contract loads its own database ({@link Backend}), named after
 * the contract; {@link GeneratedFilterContract} runs on jqwik, so it is a {@link Group} rather than a
 * {@link Nested} class.
 */
class SqliteBackendTest {
    /** The backend of every contract below. */
    interface OnSqlite extends BackendUnderTest {
        @Override
        default Backend backend() {
            return Backend.SQLITE;
        }
    }

    @Nested
    class Corpus extends CorpusContract implements OnSqlite {}

    @Nested
    class ToolFixture extends ToolFixtureContract implements OnSqlite {}

    @Group
    class GeneratedFilter extends GeneratedFilterContract implements OnSqlite {}

    @Group
    class HostileInput extends HostileInputContract implements OnSqlite {}

    @Group
    class RegexBounds extends RegexBoundsContract implements OnSqlite {}

    @Nested
    class DirtyData extends DirtyDataContract implements OnSqlite {}

    @Nested
    class LongSortKey extends LongSortKeyContract implements OnSqlite {}

    @Nested
    class Injection extends InjectionContract implements OnSqlite {}

    @Nested
    class Scope extends ScopeContract implements OnSqlite {}

    @Nested
    class TableCorpus extends TableCorpusContract implements OnSqlite {}

    @Nested
    class TableLayout extends TableLayoutContract implements OnSqlite {}

    @Group
    class TableAggregation extends TableAggregationContract implements OnSqlite {}

    @Group
    class Chinook extends ChinookContract implements OnSqlite {}

    @Nested
    class LayoutSetup extends LayoutSetupContract implements OnSqlite {}

    @Nested
    class SqlGuard extends SqlGuardContract implements OnSqlite {}

    @Nested
    class SqlGuardOutsider extends SqlGuardOutsiderContract implements OnSqlite {}

    @Nested
    class StatementTimeout extends StatementTimeoutContract implements OnSqlite {}
}
