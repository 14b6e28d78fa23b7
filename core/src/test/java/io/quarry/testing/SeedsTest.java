package io.quarry.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SeedsTest {
    private static final String COMMIT = "6e47e52f7a0131dab2c85ed5a88877d7e2f74e4a";
    private static final String OTHER = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path dir;

    /** Each layout a checkout's {@code .git} can have, with the files that make it. */
    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of(
                        "a branch, loose ref",
                        Map.of(".git/HEAD", "ref: refs/heads/main\n", ".git/refs/heads/main", COMMIT + "\n")),
                Arguments.of(
                        "a branch, packed ref (a fresh clone)",
                        Map.of(
                                ".git/HEAD",
                                "ref: refs/heads/main\n",
                                ".git/packed-refs",
                                "# pack-refs with: peeled fully-peeled sorted \n" + OTHER + " refs/heads/mainline\n"
                                        + COMMIT + " refs/heads/main\n")),
                Arguments.of("detached HEAD (CI's checkout of a commit)", Map.of(".git/HEAD", COMMIT + "\n")),
                Arguments.of(
                        "a worktree: .git is a file, refs in the common directory",
                        Map.of(
                                ".git",
                                "gitdir: main/.git/worktrees/wt\n",
                                "main/.git/worktrees/wt/HEAD",
                                "ref: refs/heads/wt\n",
                                "main/.git/worktrees/wt/commondir",
                                "../..\n",
                                "main/.git/refs/heads/wt",
                                COMMIT + "\n")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void theSeedIsTheCommitsFromEveryModuleOfTheCheckout(String layout, Map<String, String> files) throws IOException {
        write(files);
        Path module = Files.createDirectories(dir.resolve("core"));

        Seeds seeds = Seeds.choose("", module);

        assertThat(seeds.value()).isEqualTo(Long.parseUnsignedLong(COMMIT.substring(0, 16), 16));
        assertThat(seeds.value()).isEqualTo(Seeds.choose("", dir).value());
        assertThat(seeds.from()).isEqualTo("from commit 6e47e52f7a01");
        assertThat(seeds.commandFor("H2BackendTest", "sameObjects", "5"))
                .isEqualTo("./mvnw -B verify -pl core -am -DskipITs -Dtest='H2BackendTest#sameObjects'"
                        + " -Dsurefire.failIfNoSpecifiedTests=false -Dquarry.seed=5");
    }

    @Test
    void anotherCommitGivesAnotherSeed() throws IOException {
        write(Map.of(".git/HEAD", OTHER + "\n"));

        assertThat(Seeds.choose("", dir).value()).isEqualTo(0x0123456789abcdefL);
    }

    @Test
    void withoutGitTheSeedIsTheFixedFallback() {
        Seeds seeds = Seeds.choose("", dir);

        assertThat(seeds.value()).isEqualTo(Seeds.NO_COMMIT);
        assertThat(seeds.from()).isEqualTo("no git commit found: the fixed fallback");
    }

    @Test
    void anUnreadableHeadGivesTheFixedFallback() throws IOException {
        write(Map.of(".git/HEAD", "ref: refs/heads/gone\n"));

        assertThat(Seeds.choose("", dir).value()).isEqualTo(Seeds.NO_COMMIT);
    }

    @Test
    void aGivenSeedWinsOverTheCommit() throws IOException {
        write(Map.of(".git/HEAD", COMMIT + "\n"));

        Seeds seeds = Seeds.choose(" -42 ", dir);

        assertThat(seeds.value()).isEqualTo(-42L);
        assertThat(seeds.from()).isEqualTo("given: -Dquarry.seed");
    }

    @Test
    void randomExploresWithAFreshSeed() throws IOException {
        write(Map.of(".git/HEAD", COMMIT + "\n"));

        assertThat(Stream.generate(() -> Seeds.choose("random", dir).value())
                        .limit(5)
                        .distinct())
                .hasSizeGreaterThan(1);
        assertThat(Seeds.choose("RANDOM", dir).from()).isEqualTo("random: -Dquarry.seed=random");
    }

    @Test
    void aSeedThatIsNotANumberIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> Seeds.choose("0x2a", dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dquarry.seed=0x2a is neither a whole number (a long) nor 'random'.");
    }

    @Test
    void anIntegrationTestIsRepeatedByFailsafe() throws IOException {
        write(Map.of(".git/HEAD", COMMIT + "\n"));

        assertThat(Seeds.choose("", dir).commandFor("PostgresBackendIT", "sameObjects", "-7"))
                .isEqualTo("./mvnw -B verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false"
                        + " -Dit.test='PostgresBackendIT#sameObjects' -Dfailsafe.failIfNoSpecifiedTests=false"
                        + " -Dquarry.seed=-7");
    }

    private void write(Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = dir.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue());
        }
    }
}
