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
