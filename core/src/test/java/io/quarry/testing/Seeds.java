package io.quarry.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The seed of every generated test input in a run (README, Test): {@code -Dquarry.seed=N} when given;
 * a fresh random one for {@code -Dquarry.seed=random} (the {@code fuzz} profile's default); otherwise
 * one derived from the git commit being built (its id's first 16 hex digits), so CI, a clean clone and
 * a developer's checkout of one commit generate the same inputs; without a git checkout (a source
 * archive) a fixed constant. {@link CommitSeedHook} gives it to every jqwik property.
 */
public final class Seeds {
    /** The system property that chooses the seed: a number, or {@code random}. */
    public static final String PROPERTY = "quarry.seed";

    /** The fuzz profile's number of tries ({@code io.quarry.sql.FuzzTries}). */
    static final String FUZZ_TRIES = "quarry.fuzz.tries";

    /** The seed when no git commit can be read (a source archive). */
    static final long NO_COMMIT = 20_261_202L;

    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private static final Seeds CURRENT = choose(System.getProperty(PROPERTY, ""), Path.of(""));

    private final long seed;
    private final String origin;
    private final String module;

    private Seeds(long seed, String origin, String module) {
        this.seed = seed;
        this.origin = origin;
        this.module = module;
    }

    /** The seed of this run. */
    public static long seed() {
        return CURRENT.seed;
    }

    /** Where the seed of this run comes from, for a person: a commit, the system property, or chance. */
    public static String origin() {
        return CURRENT.origin;
    }

    /**
     * The command that runs one test method of this run's module again with a seed: as a unit test
     * ({@code *Test}) or an integration test ({@code *IT}), with {@code -Dquarry.seed}.
     */
    public static String command(Class<?> testClass, String method, String seed) {
        return CURRENT.commandFor(testClass.getSimpleName(), method, seed);
    }

    String commandFor(String testClass, String method, String seed) {
        String test = "'" + testClass + "#" + method + "'";
        String modules = module.isEmpty() ? "" : " -pl " + module + " -am";
        String select = testClass.endsWith("IT")
                ? " -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=" + test
                        + " -Dfailsafe.failIfNoSpecifiedTests=false"
                : " -DskipITs -Dtest=" + test + " -Dsurefire.failIfNoSpecifiedTests=false";
        String tries = System.getProperty(FUZZ_TRIES, "").trim();
        // the tries too: jqwik sizes its samples by them, so one seed with other tries tries other samples
        String volume = tries.isEmpty() ? "" : " -D" + FUZZ_TRIES + "=" + tries;
        return "./mvnw -B verify" + modules + select + volume + " -D" + PROPERTY + "=" + seed;
    }

    long value() {
        return seed;
    }

    String from() {
        return origin;
    }

    static Seeds choose(String property, Path workingDirectory) {
        Path start = workingDirectory.toAbsolutePath().normalize();
        Optional<Path> root = repositoryRoot(start);
        String module = root.map(r -> r.relativize(start).toString()).orElse("");
        String given = property.trim();
        if (given.toLowerCase(Locale.ROOT).equals("random")) {
            long seed = ThreadLocalRandom.current().nextLong();
            return new Seeds(seed, "random: -D" + PROPERTY + "=random", module);
        }
        if (!given.isEmpty()) {
            try {
                return new Seeds(Long.parseLong(given), "given: -D" + PROPERTY, module);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + "=" + given + " is neither a whole number (a long) nor 'random'.", e);
            }
        }
        Optional<String> commit = root.flatMap(r -> commit(r.resolve(".git")));
        return commit.map(id -> new Seeds(fromCommit(id), "from commit " + id.substring(0, 12), module))
                .orElseGet(() -> new Seeds(NO_COMMIT, "no git commit found: the fixed fallback", module));
    }

    /** A commit id's first 16 hex digits as a long: a SHA is uniform, so this is as good as a hash of it. */
    static long fromCommit(String id) {
        return Long.parseUnsignedLong(id.substring(0, 16), 16);
    }

    /** The nearest directory at or above {@code start} that holds a {@code .git} directory or file. */
    static Optional<Path> repositoryRoot(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    /**
     * The commit that {@code HEAD} names, read from the repository's files (no git program): a detached
     * id, a loose ref or a packed one; {@code .git} may be a file pointing elsewhere (a worktree, a
     * submodule), whose shared refs are in its {@code commondir}.
     */
    static Optional<String> commit(Path dotGit) {
        try {
            Path gitDir = dotGit;
            if (Files.isRegularFile(dotGit)) {
                String pointer = read(dotGit);
                if (!pointer.startsWith("gitdir:")) {
                    return Optional.empty();
                }
                gitDir = dotGit.resolveSibling(
                                pointer.substring("gitdir:".length()).trim())
                        .normalize();
            }
            Path common = gitDir;
            Path commonDir = gitDir.resolve("commondir");
            if (Files.isRegularFile(commonDir)) {
                common = gitDir.resolve(read(commonDir)).normalize();
            }
            String head = read(gitDir.resolve("HEAD"));
            if (!head.startsWith("ref:")) {
                return objectId(head);
            }
            String ref = head.substring("ref:".length()).trim();
            for (Path dir : List.of(gitDir, common)) {
                Path loose = dir.resolve(ref);
                if (Files.isRegularFile(loose)) {
                    return objectId(read(loose));
                }
            }
            Path packed = common.resolve("packed-refs");
            if (Files.isRegularFile(packed)) {
                for (String line : Files.readAllLines(packed, StandardCharsets.UTF_8)) {
                    if (line.endsWith(" " + ref)) {
                        return objectId(line.substring(0, line.indexOf(' ')));
                    }
                }
            }
            return Optional.empty();
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> objectId(String text) {
        String id = text.trim();
        return OBJECT_ID.matcher(id).matches() ? Optional.of(id) : Optional.empty();
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8).trim();
    }
}
