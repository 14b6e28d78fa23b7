package io.quarry.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarry.tool.CapabilityListener;
import io.quarry.tool.CapabilityReport;
import io.quarry.tool.ToolSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** {@code --feedback FILE}: each report of {@code report_missing_capability} appended as one JSON line. */
final class FeedbackFile implements CapabilityListener {
    private final Path file;

    FeedbackFile(Path file) {
        this.file = file;
    }

    @Override
    public synchronized void onReport(CapabilityReport report) {
        ObjectNode line = ToolSupport.object();
        line.put("at", report.at().toString());
        ObjectNode scope = line.putObject("scope");
        report.scope().values().forEach(scope::put);
        if (report.user() != null) {
            line.put("user", report.user());
        }
        line.put("user_request", report.userRequest());
        report.tried().forEach(line.putArray("tried")::add);
        line.put("missing", report.missing());
        try {
            Files.writeString(
                    file,
                    ToolSupport.write(line) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
