package io.quarry.cli;

import io.quarry.mcp.McpServerContract;
import java.nio.file.Path;
import java.util.List;

/** {@code java -jar quarry.jar mcp --scope org_id=globex}: the packaged command line as a client starts it. */
class McpCommandIT extends McpServerContract {

    @Override
    protected List<String> javaArguments() {
        return List.of(
                "-jar", Path.of("target/quarry.jar").toAbsolutePath().toString(), "mcp", "--scope", "org_id=globex");
    }
}
