package io.quarry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: {@code -Dquarry.golden.update=true} rewrites them, a missing one is written (and
 * fails the build when {@code CI=true}); a mismatch writes an {@code .actual} file beside the expected one.
 *
 * <p>It lives in quarry-core's test sources, shared with the other modules through core's test jar
 * (which holds only {@code io.quarry.testing}) and quarry-test-support.
 */
public final class Golden {
    private Golden() {}

    /**
     * Asserts the text equals the golden file.
     *
     * @param expected the golden file, relative to the module, such as {@code src/test/resources/x.json}
     * @param actual the text produced now
     */
    public static void assertMatches(Path expected, String actual) {
        try {
            boolean missing = !Files.exists(expected);
            if (missing && "true".equals(System.getenv("CI"))) {
                throw new AssertionError("golden file " + expected + " is missing: run the build once outside CI"
                        + " (or with -Dquarry.golden.update=true), review it and commit it");
            }
            if (Boolean.getBoolean("quarry.golden.update") || missing) {
                Files.createDirectories(expected.toAbsolutePath().getParent());
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
            }
            String want = Files.readString(expected, StandardCharsets.UTF_8);
            Path actualFile = expected.resolveSibling(expected.getFileName() + ".actual");
            if (want.equals(actual)) {
                Files.deleteIfExists(actualFile);
            } else {
                Files.writeString(actualFile, actual, StandardCharsets.UTF_8);
            }
            assertThat(actual)
                    .as("golden file %s (see the .actual file beside it)", expected)
                    .isEqualTo(want);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
