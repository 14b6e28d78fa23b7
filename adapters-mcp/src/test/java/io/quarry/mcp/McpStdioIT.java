package io.quarry.mcp;

import io.quarry.testing.Demo;
import java.util.List;

/** {@link DemoServer}, launched from the test classpath. */
class McpStdioIT extends McpServerContract {

    @Override
    protected List<String> javaArguments() {
        return List.of(
                "-Dquarry.demo.dir=" + Demo.DIR,
                "-cp",
                System.getProperty("java.class.path"),
                DemoServer.class.getName(),
                "globex");
    }
}
