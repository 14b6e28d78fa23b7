package io.quarry.mcp;

import java.util.List;

/** {@link DemoServer}, launched from the test classpath. */
class McpStdioIT extends McpServerContract {

    @Override
    protected List<String> javaArguments() {
        return List.of("-cp", System.getProperty("java.class.path"), DemoServer.class.getName(), "globex");
    }
}
