package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.h2.store.fs.FileBase;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure of the machine rather than of the command (issue 33, item 7) is one line that names it,
 * and exits 1 as every failure of the database does (README, exit codes: 1 to run again once the
 * machine is fixed, 2 to change the command or its files): a full disk on SQLite (its page limit,
 * which SQLite reports as it reports a full disk) and on H2 (a file system that refuses writes past a
 * quota with the operating system's "No space left on device"), a read-only file, a file another
 * process holds; two SQLite loads at once take turns. A load that fails loads nothing.
 */
class EnvironmentFailuresTest {
    @TempDir
    static Path dir;

    static Path big;

    @BeforeAll
    static void data() throws Exception {
        QuarryCliTest.files(dir);
        big = dir.resolve("big.json");
        LoadFiles.write(big, 1_500, 0); // about 300 KB, under the 10,000 rows that show progress
        FilePath.register(new QuotaFileSystem());
    }

    private static QuarryCliTest.Run load(Path data, String url) {
        return QuarryCliTest.run("", "load", "--data", data.toString(), "--jdbc-url", url);
    }

    private static void loaded(Path data, String url) {
        QuarryCliTest.Run run = load(data, url);
        assertThat(run.exit()).as(run.err()).isZero();
    }

    /** How many of acme's tasks the database serves. */
    private static int tasks(String url) throws Exception {
        QuarryCliTest.Run count = QuarryCliTest.run(
                "",
                "call",
                "aggregate_graph_objects",
                "{\"type\": \"Task\", \"metrics\": [{\"op\": \"count\"}]}",
                "--jdbc-url",
                url,
                "--scope",
                "org_id=acme");
        assertThat(count.exit()).as(count.err()).isZero();
        return count.lines().get(0).path("groups").path(0).path("count").asInt();
    }

    private static void assertOneLine(QuarryCliTest.Run run, String saying) {
        assertThat(run.exit())
                .as(run.err())
                .isEqualTo(DatabaseProblem.EXIT_CODE)
                .isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err().strip()).startsWith("quarry: " + saying).doesNotContain("\n", "\tat ", "Exception");
    }

    private static String sqlite(String name) throws IOException {
        return "jdbc:sqlite:"
                + Files.createDirectories(dir.resolve(name)).resolve("graph.db").toAbsolutePath();
    }

    @Test
    void aFullDiskUnderSqliteIsNamedAndLoadsNothing() throws Exception {
        String url = sqlite("sqlite-full");
        loaded(QuarryCliTest.data, url);

        // 40 pages of 4 KiB: the layout and the small file fit, the big one does not
        QuarryCliTest.Run full = load(big, url + "?max_page_count=40");

        assertOneLine(full, "the disk is full ([SQLITE_FULL]");
        assertThat(full.err()).doesNotContain("no transaction is active").contains("loads nothing");
        assertThat(tasks(url)).isEqualTo(2);
    }

    @Test
    void aFullDiskUnderH2IsNamedAndLoadsNothing() throws Exception {
        Path db = Files.createDirectories(dir.resolve("h2-full")).resolve("graph");
        String url = "jdbc:h2:" + QuotaFileSystem.SCHEME + ":" + db.toAbsolutePath();
        loaded(QuarryCliTest.data, url);
        QuarryCliTest.Run full;
        try {
            QuotaFileSystem.arm(32 * 1024);
            full = load(big, url);
        } finally {
            QuotaFileSystem.arm(Long.MAX_VALUE);
        }

        assertOneLine(full, "the disk is full (No space left on device)");
        assertThat(full.err()).doesNotContain("MVStore");
        assertThat(tasks(url)).isEqualTo(2);
    }

    /**
     * {@code init} into H2 with the disk full at a point between opening the file and writing the layout
     * out: either it says initialized and the tables are on the disk, or it names the full disk (H2 wrote
     * the layout only when its last connection closed, and swallowed the failure there: "initialized",
     * exit 0, no table).
     */
    @Test
    void initUnderH2IsDoneOnlyWhenTheLayoutIsOnTheDisk() throws Exception {
        int named = 0;
        for (long quota : new long[] {12 * 1024, 16 * 1024, 20 * 1024, 64 * 1024}) {
            Path db = Files.createDirectories(dir.resolve("h2-init-" + quota)).resolve("graph");
            String url = "jdbc:h2:" + QuotaFileSystem.SCHEME + ":" + db.toAbsolutePath();
            QuarryCliTest.Run run;
            try {
                QuotaFileSystem.arm(quota);
                run = QuarryCliTest.run("", "init", "--jdbc-url", url);
            } finally {
                QuotaFileSystem.arm(Long.MAX_VALUE);
            }
            if (run.exit() == 0) {
                assertThat(run.out()).contains("initialized");
                assertThat(layoutTables(db))
                        .as("quota " + quota + ": initialized, so on the disk")
                        .isEqualTo(2);
            } else {
                assertOneLine(run, "the disk is full (No space left on device)");
                named++;
            }
        }
        assertThat(named).as("a quota that fills the disk").isPositive();
    }

    /** {@code embed} into H2, likewise: either the vectors are on the disk, or the full disk is named. */
    @Test
    void embedUnderH2IsDoneOnlyWhenTheVectorsAreOnTheDisk() throws Exception {
        int named = 0;
        for (long quota : new long[] {24 * 1024, 1024 * 1024}) {
            Path db = Files.createDirectories(dir.resolve("h2-embed-" + quota)).resolve("graph");
            String url = "jdbc:h2:" + QuotaFileSystem.SCHEME + ":" + db.toAbsolutePath();
            loaded(QuarryCliTest.data, url);
            QuarryCliTest.Run run;
            try {
                QuotaFileSystem.arm(quota);
                run = QuarryCliTest.run("", "embed", "--jdbc-url", url, "--config", QuarryCliTest.config.toString());
            } finally {
                QuotaFileSystem.arm(Long.MAX_VALUE);
            }
            if (run.exit() == 0) {
                assertThat(rows(db, "quarry_embeddings"))
                        .as("quota " + quota + ": embedded, so on the disk")
                        .isPositive();
            } else {
                assertOneLine(run, "the disk is full (No space left on device)");
                named++;
            }
        }
        assertThat(named).as("a quota that fills the disk").isPositive();
    }

    private static long rows(Path db, String table) throws Exception {
        try (java.sql.Connection c =
                        java.sql.DriverManager.getConnection("jdbc:h2:file:" + db.toAbsolutePath() + ";IFEXISTS=TRUE");
                java.sql.ResultSet rs = c.createStatement()
                        .executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE LOWER(TABLE_NAME) = '"
                                + table + "'")) {
            rs.next();
            if (rs.getLong(1) == 0) {
                return 0; // no such table on the disk
            }
            try (java.sql.ResultSet n = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
                n.next();
                return n.getLong(1);
            }
        } catch (java.sql.SQLException e) {
            return 0; // no database file at all
        }
    }

    private static int layoutTables(Path db) throws Exception {
        try (java.sql.Connection c =
                        java.sql.DriverManager.getConnection("jdbc:h2:file:" + db.toAbsolutePath() + ";IFEXISTS=TRUE");
                java.sql.ResultSet rs = c.createStatement()
                        .executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
                                + " WHERE LOWER(TABLE_NAME) IN ('quarry_objects', 'quarry_relationships')")) {
            rs.next();
            return rs.getInt(1);
        } catch (java.sql.SQLException e) {
            return 0; // no database file at all
        }
    }

    @Test
    void aReadOnlyDatabaseIsNamed() throws Exception {
        String sqlite = sqlite("sqlite-read-only");
        Path h2 = Files.createDirectories(dir.resolve("h2-read-only")).resolve("graph");
        String h2Url = "jdbc:h2:file:" + h2.toAbsolutePath();
        loaded(QuarryCliTest.data, sqlite);
        loaded(QuarryCliTest.data, h2Url);

        // opened read-only, as a file the user may only read is
        Path other = renamed("read-only.json", 10, "r");
        assertOneLine(load(other, sqlite + "?open_mode=1"), "the database file is read-only ([SQLITE_READONLY]");
        assertOneLine(load(other, h2Url + ";ACCESS_MODE_DATA=r"), "the database file is read-only (");
        assertThat(tasks(sqlite)).isEqualTo(2);
        assertThat(tasks(h2Url)).isEqualTo(2);
    }

    /** The same with the file's permissions; the superuser writes any file, so not as root. */
    @Test
    void aFileTheUserMayOnlyReadIsNamed() throws Exception {
        String url = sqlite("sqlite-permissions");
        loaded(QuarryCliTest.data, url);
        Path file = dir.resolve("sqlite-permissions").resolve("graph.db");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Assumptions.assumeFalse(Files.isWritable(file), "the superuser may write a read-only file");
            assertOneLine(load(renamed("permissions.json", 10, "r"), url), "the database file is read-only (");
            assertThat(tasks(url)).isEqualTo(2);
        } finally {
            Files.setPosixFilePermissions(file.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /** A load waits for another SQLite writer (up to 10 s), then loads; two loads at once take turns. */
    @Test
    void aSqliteLoadWaitsForAnotherWriter() throws Exception {
        String url = sqlite("sqlite-busy");
        loaded(QuarryCliTest.data, url);
        Path other = renamed("other.json", 30, "p");

        try (Connection writer = DriverManager.getConnection(url);
                Statement st = writer.createStatement()) {
            st.execute("BEGIN IMMEDIATE");
            long started = System.nanoTime();
            CompletableFuture<QuarryCliTest.Run> waiting = CompletableFuture.supplyAsync(() -> load(other, url));
            Thread.sleep(1_000);
            assertThat(waiting)
                    .as("waits while the other writer holds the file")
                    .isNotDone();
            st.execute("COMMIT");
            QuarryCliTest.Run loaded = waiting.get(30, TimeUnit.SECONDS);
            assertThat(loaded.exit()).as(loaded.err()).isZero();
            assertThat(System.nanoTime() - started).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(1_000));
        }
        assertThat(tasks(url)).isEqualTo(2 + 10);

        Path third = renamed("third.json", 1_500, "q");
        CompletableFuture<QuarryCliTest.Run> first = CompletableFuture.supplyAsync(() -> load(big, url));
        CompletableFuture<QuarryCliTest.Run> second = CompletableFuture.supplyAsync(() -> load(third, url));
        QuarryCliTest.Run a = first.get(60, TimeUnit.SECONDS);
        QuarryCliTest.Run b = second.get(60, TimeUnit.SECONDS);
        assertThat(a.exit()).as(a.err()).isZero();
        assertThat(b.exit()).as(b.err()).isZero();
        assertThat(tasks(url)).isEqualTo(2 + 10 + 500 + 500);
    }

    /** A generated file of this many objects, their ids starting with this letter instead of o. */
    private static Path renamed(String name, int objects, String letter) throws IOException {
        Path file = dir.resolve(name);
        LoadFiles.write(file, objects, 0);
        Files.writeString(file, Files.readString(file).replace("\"id\": \"o", "\"id\": \"" + letter));
        return file;
    }

    /**
     * A SQLite file that a write left unfinished (its hot journal, as a full disk or a killed load
     * leaves it) is read from its last commit, not refused as read-only: the reading command opens it
     * once writable, which rolls the write back.
     */
    @Test
    void aSqliteFileAWriteLeftUnfinishedIsReadFromItsLastCommit() throws Exception {
        String url = sqlite("sqlite-unfinished");
        loaded(QuarryCliTest.data, url);
        Path db = dir.resolve("sqlite-unfinished").resolve("graph.db");
        Path copy =
                Files.createDirectories(dir.resolve("sqlite-unfinished-copy")).resolve("graph.db");
        Path journal = Path.of(copy + "-journal");
        try (Connection writer = DriverManager.getConnection(url);
                Statement st = writer.createStatement()) {
            st.execute("PRAGMA cache_size = 1"); // the changed pages spill into the file before the commit
            st.execute("BEGIN IMMEDIATE");
            st.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)"
                    + " INSERT INTO quarry_objects (id, type, properties, created_at, updated_at, org_id)"
                    + " SELECT 'x' || i, 'Task', '{\"t\": \"' || printf('%.200c', 'x') || '\"}', 0, 0, 'acme' FROM n");
            // the files as a process killed now leaves them
            Files.copy(db, copy);
            Files.copy(Path.of(db + "-journal"), journal);
            st.execute("ROLLBACK");
        }
        assertThat(journal).exists();

        assertThat(tasks("jdbc:sqlite:" + copy.toAbsolutePath())).isEqualTo(2);
        assertThat(journal).doesNotExist();
    }

    /** Past the wait, a file another process holds is named. */
    @Test
    void aSqliteFileHeldPastTheWaitIsNamed() throws Exception {
        String url = sqlite("sqlite-held");
        loaded(QuarryCliTest.data, url);
        try (Connection writer = DriverManager.getConnection(url);
                Statement st = writer.createStatement()) {
            st.execute("BEGIN IMMEDIATE");
            assertOneLine(
                    load(big, url + "?busy_timeout=200"),
                    "the database file is in use by another process ([SQLITE_BUSY]");
            st.execute("ROLLBACK");
        }
        assertThat(tasks(url)).isEqualTo(2);
    }

    /**
     * H2's file system under {@code quota:PATH}: once {@link #arm armed}, a write past the bytes it
     * allows fails as the operating system's does on a full disk (counted as written, whatever free
     * space the file already had: the same on every run).
     */
    public static final class QuotaFileSystem extends FilePathWrapper {
        static final String SCHEME = "quota";

        private static volatile long quota = Long.MAX_VALUE;

        private static final java.util.concurrent.atomic.AtomicLong written =
                new java.util.concurrent.atomic.AtomicLong();

        /** Allows this many more bytes to be written ({@code Long.MAX_VALUE}: any). */
        static void arm(long bytes) {
            written.set(0);
            quota = bytes;
        }

        /** For H2, which makes one per path. */
        public QuotaFileSystem() {}

        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileChannel open(String mode) throws IOException {
            return new QuotaChannel(getBase().open(mode));
        }
    }

    private static final class QuotaChannel extends FileBase {
        private final FileChannel file;

        QuotaChannel(FileChannel file) {
            this.file = file;
        }

        private void check(long position, ByteBuffer src) throws IOException {
            if (QuotaFileSystem.quota != Long.MAX_VALUE
                    && QuotaFileSystem.written.addAndGet(src.remaining()) > QuotaFileSystem.quota) {
                throw new IOException("No space left on device");
            }
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            check(file.position(), src);
            return file.write(src);
        }

        @Override
        public synchronized int write(ByteBuffer src, long position) throws IOException {
            check(position, src);
            return file.write(src, position);
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return file.read(dst);
        }

        @Override
        public synchronized int read(ByteBuffer dst, long position) throws IOException {
            return file.read(dst, position);
        }

        @Override
        public long position() throws IOException {
            return file.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            file.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return file.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            file.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            file.force(metaData);
        }

        @Override
        public synchronized FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return file.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            file.close();
        }
    }
}
