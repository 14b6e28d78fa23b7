package io.quarry.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** What the build wrote into the jar: the version the server names in {@code serverInfo}. */
final class BuildInfo {
    static final String VERSION = read("version");

    private BuildInfo() {}

    private static String read(String key) {
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                throw new IllegalStateException("io/quarry/mcp/build.properties is missing from the jar");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty(key);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
