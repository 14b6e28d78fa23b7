package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The load's progress line: on a terminal, rewritten in place and cleared; elsewhere, lines for big work only. */
class ProgressTest {
    @Test
    void onATerminalOneLineRewrittenInPlaceThenCleared() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), 150_000, true);
        progress.accept(500);
        progress.accept(150_000);
        progress.done();
        assertThat(text.toString())
                .startsWith("\rloading 500 of 150,000 rows (0%)\u001b[K")
                .contains("\rloading 150,000 of 150,000 rows (100%)\u001b[K")
                .endsWith("\r\u001b[K")
                .doesNotContain("\n");
    }

    @Test
    void elsewhereNothing() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), 1_000, false);
        progress.accept(500);
        progress.done();
        assertThat(text.toString()).isEmpty();
        // the tests' standard error is a pipe, not a terminal
        assertThat(Progress.onTerminal(new PrintWriter(text), 10))
                .extracting("shown")
                .isEqualTo(false);
    }

    @Test
    void elsewhereLinesForBigWorkEveryTenthAndAtTheEnd() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), 150_000, false);
        for (long rows = 500; rows <= 150_000; rows += 500) {
            progress.accept(rows);
        }
        progress.done();
        assertThat(text.toString().lines().toList())
                .hasSize(10)
                .startsWith("loading 15,000 of 150,000 rows (10%)", "loading 30,000 of 150,000 rows (20%)")
                .endsWith("loading 150,000 of 150,000 rows (100%)");
        StringWriter million = new StringWriter();
        Progress big = new Progress(new PrintWriter(million), 1_200_000, false);
        for (long rows = 500; rows <= 1_200_000; rows += 500) {
            big.accept(rows);
        }
        assertThat(million.toString().lines()).hasSize(12).contains("loading 100,000 of 1,200,000 rows (8%)");
    }
}
