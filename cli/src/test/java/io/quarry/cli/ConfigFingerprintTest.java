package io.quarry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.config.ConfigException;
import io.quarry.testing.ConfigFingerprint;
import io.quarry.tool.Toolkit;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line reads a configuration file as the API does (the Spring Boot side: QuarryAutoConfigurationTest). */
class ConfigFingerprintTest {

    @Test
    void theFileGivesTheSameToolkitAsTheApi(@TempDir Path dir) {
        Path config = ConfigFingerprint.config(dir);
        DataSource database = ConfigFingerprint.database(config, "cli-fingerprint");
        String api = ConfigFingerprint.of(ConfigFingerprint.api(config, database));
        SourceOptions options = CommandLine.populateCommand(
                new SourceOptions(),
                "--config",
                config.toString(),
                "--jdbc-url",
                ConfigFingerprint.url("cli-fingerprint"));
        Toolkit cli = options.toolkit();
        assertThat(cli.tool("discover_schema")).isEmpty();
        assertThat(cli.limits().defaultLimit()).isEqualTo(7);
        String fingerprint = ConfigFingerprint.of(cli);
        // the fingerprint sees the projections' derived fields and the store's data
        assertThat(fingerprint).contains("\"max_limit\" : 7", "\"derived\"", "\"root_id\" : \"proj-01\"");
        assertThat(fingerprint).isEqualTo(api);
    }

    @Test
    void aBadConfigurationIsOneMessageNamingTheEntry(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("quarry.yaml"), "types: {Task: {}}\nlimits: {max_limit: 0}\n");
        SourceOptions options = CommandLine.populateCommand(new SourceOptions(), "--config", config.toString());
        assertThatThrownBy(options::toolkit)
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        config + ": limits.max_limit: expected a whole number of at least 1, found 0; raise it to 1");
    }
}
