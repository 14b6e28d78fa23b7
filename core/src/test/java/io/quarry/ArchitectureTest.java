package io.quarry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md is the package map of {@code quarry-core}: one row per package with what lives
 * there and the packages it may use. This test keeps the map and the code in step: every package of
 * the code has its row, no row names a package that is gone, and no class uses a package its row does
 * not allow.
 */
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Path MAP = Path.of("../docs/architecture.md");
    private static final Pattern ROW = Pattern.compile("^\\| `(io\\.quarry[a-z.]*)` \\|[^|]*\\|([^|]*)\\|\\s*$");
    private static final Pattern PACKAGE = Pattern.compile("`(io\\.quarry[a-z.]*)`");
    private static final Pattern USE = Pattern.compile("\\b(io\\.quarry(?:\\.[a-z][a-z0-9]*)+)\\.[A-Z]");

    @Test
    void everyPackageHasOneRowAndUsesOnlyWhatItsRowAllows() throws IOException {
        Map<String, Set<String>> allowed = map();
        Map<String, Set<String>> used = uses();

        assertThat(allowed.keySet()).as("packages in docs/architecture.md").isEqualTo(used.keySet());
        Map<String, Set<String>> unexpected = new TreeMap<>();
        used.forEach((pkg, uses) -> {
            Set<String> extra = new TreeSet<>(uses);
            extra.removeAll(allowed.get(pkg));
            if (!extra.isEmpty()) {
                unexpected.put(pkg, extra);
            }
        });
        assertThat(unexpected)
                .as("uses a package its row in docs/architecture.md does not list")
                .isEmpty();
    }

    /**
     * No package reaches itself through the packages it uses, with no exception listed: a cycle is a
     * design problem to solve, not a row to declare. Checked on the code's uses (the map alone could
     * hide one the code does not have).
     */
    @Test
    void noPackageCycle() throws IOException {
        Map<String, Set<String>> used = uses();
        Map<String, Set<String>> cycles = new TreeMap<>();
        for (String pkg : used.keySet()) {
            Set<String> reached = new TreeSet<>();
            java.util.Deque<String> todo = new java.util.ArrayDeque<>(used.get(pkg));
            while (!todo.isEmpty()) {
                String next = todo.pop();
                if (reached.add(next)) {
                    todo.addAll(used.getOrDefault(next, Set.of()));
                }
            }
            if (reached.contains(pkg)) {
                Set<String> cycle = new TreeSet<>();
                for (String other : reached) {
                    if (!other.equals(pkg) && reaches(used, other, pkg)) {
                        cycle.add(other);
                    }
                }
                cycles.put(pkg, cycle);
            }
        }
        assertThat(cycles)
                .as("packages in a cycle, with the packages of that cycle")
                .isEmpty();
    }

    private static boolean reaches(Map<String, Set<String>> used, String from, String to) {
        Set<String> seen = new TreeSet<>();
        java.util.Deque<String> todo = new java.util.ArrayDeque<>(List.of(from));
        while (!todo.isEmpty()) {
            String next = todo.pop();
            if (next.equals(to)) {
                return true;
            }
            if (seen.add(next)) {
                todo.addAll(used.getOrDefault(next, Set.of()));
            }
        }
        return false;
    }

    /** The packages that are public only for core's own use: out of the Javadoc, the baseline and every other module. */
    private static final List<String> UNSUPPORTED =
            List.of("io.quarry.internal", "io.quarry.regex", "io.quarry.sql.functions");

    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "^public (?:(?:final|sealed|non-sealed|abstract|static) )*(?:class|interface|record|enum|@interface) ([A-Z]\\w*)",
            Pattern.MULTILINE);
    private static final Pattern LISTED = Pattern.compile("`([A-Z][A-Za-z0-9]*)`");

    /**
     * The public surface is a decision written down: every public top-level type outside the unsupported
     * packages is named in docs/architecture.md's "Public surface" section, and every type named there is
     * public. A type made public without a decision fails here.
     */
    @Test
    void everyPublicTypeIsInThePublicSurfaceLists() throws IOException {
        String doc = Files.readString(MAP, StandardCharsets.UTF_8);
        int start = doc.indexOf("## Public surface");
        int end = doc.indexOf("**Unsupported:**", start);
        assertThat(start)
                .as("docs/architecture.md has a Public surface section")
                .isNotNegative();
        Set<String> listed = new TreeSet<>();
        Matcher m = LISTED.matcher(doc.substring(start, end));
        while (m.find()) {
            listed.add(m.group(1));
        }
        Set<String> published = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
                Matcher type = PUBLIC_TYPE.matcher(Files.readString(file, StandardCharsets.UTF_8));
                if (!UNSUPPORTED.contains(pkg) && type.find()) {
                    published.add(type.group(1));
                }
            }
        }
        Set<String> unlisted = new TreeSet<>(published);
        unlisted.removeAll(listed);
        Set<String> notPublic = new TreeSet<>(listed);
        notPublic.removeAll(published);
        assertThat(unlisted)
                .as("public types in no list of docs/architecture.md's Public surface")
                .isEmpty();
        assertThat(notPublic)
                .as("names in docs/architecture.md's Public surface that are no public type")
                .isEmpty();
    }

    /** Only core uses its unsupported packages: every other module's sources (tests too) stay on the lists. */
    @Test
    void noOtherModuleUsesTheUnsupportedPackages() throws IOException {
        Pattern unsupported =
                Pattern.compile("\\b(" + String.join("|", UNSUPPORTED).replace(".", "\\.") + ")\\.[A-Z]\\w*");
        Map<String, Set<String>> found = new TreeMap<>();
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(Path.of(".."))) {
            modules = dirs.filter(d -> Files.isDirectory(d.resolve("src"))
                            && !d.getFileName().toString().equals("core"))
                    .collect(Collectors.toList());
        }
        assertThat(modules).as("the other modules beside core").isNotEmpty();
        for (Path module : modules) {
            try (Stream<Path> files = Files.walk(module.resolve("src"))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                    Matcher m = unsupported.matcher(Files.readString(file, StandardCharsets.UTF_8));
                    while (m.find()) {
                        found.computeIfAbsent(Path.of("..").relativize(file).toString(), k -> new TreeSet<>())
                                .add(m.group());
                    }
                }
            }
        }
        assertThat(found)
                .as("files outside core that use an unsupported package")
                .isEmpty();
    }

    /** The rows of the package table: package to the packages it may use. */
    private static Map<String, Set<String>> map() throws IOException {
        Map<String, Set<String>> rows = new TreeMap<>();
        for (String line : Files.readAllLines(MAP, StandardCharsets.UTF_8)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                Set<String> uses = new TreeSet<>();
                Matcher p = PACKAGE.matcher(row.group(2));
                while (p.find()) {
                    uses.add(p.group(1));
                }
                assertThat(rows.put(row.group(1), uses))
                        .as("two rows for " + row.group(1))
                        .isNull();
            }
        }
        return rows;
    }

    /** The packages of the code, each with the other Quarry packages its classes name. */
    private static Map<String, Set<String>> uses() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
                Set<String> names = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = USE.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    if (!m.group(1).equals(pkg)) {
                        names.add(m.group(1));
                    }
                }
            }
        }
        return uses;
    }
}
