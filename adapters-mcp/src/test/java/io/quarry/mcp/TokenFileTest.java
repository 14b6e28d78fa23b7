package io.quarry.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.testing.Demo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Token files: every unusable entry is refused before the server starts, naming its line. */
class TokenFileTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "empty text   | '\"\"'        | scope.org_id must be one text or number, not an empty text",
                "null         | null        | scope.org_id must be one text or number, not null",
                "a wildcard   | '\"*\"'       | scope.org_id must be one text or number, not \"*\" (there is no wildcard",
                "a list       | [acme, b]   | scope.org_id must be one text or number, not an array",
                "a map        | {a: b}      | scope.org_id must be one text or number, not ",
                "a boolean    | true        | scope.org_id must be one text or number, not a boolean",
            })
    void anUnusableScopeValueIsRefusedWithItsLine(String name, String value, String message) throws Exception {
        Path file = write("tokens:\n  - token: good\n    tenant: a\n    scope: {org_id: acme}\n"
                + "  - token: bad\n    tenant: b\n    scope:\n      org_id: " + value + "\n");
        assertThatThrownBy(() -> TokenFile.read(file, java.time.Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " line 5 (tokens[1]): ")
                .hasMessageContaining(message);
    }

    @Test
    void aScopeKeyNoTableHasIsRefusedAtStart() throws Exception {
        Path file = write("tokens:\n  - {token: good, tenant: a, scope: {org_id: acme}}\n"
                + "  - {token: bad, tenant: b, scope: {team_id: x}}\n");
        QuarryMcpHttpServer server = QuarryMcpHttpServer.builder(
                        Demo.toolkit("token-file-scope"), QuarryMcpHttpServer.tokenFile(file))
                .port(0)
                .build();
        assertThatThrownBy(server::start)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " line 3 (tokens[1]): the scope {team_id=x} cannot be read (does every scope key"
                        + " name a column of the store?)");
    }

    @Test
    void aGoodFileAuthenticatesByDigest() throws Exception {
        Path file = write("tokens:\n  - {sha256: " + TokenFile.sha256("t1") + ", tenant: a, scope: {org_id: 7}}\n");
        TokenFile tokens = TokenFile.read(file, java.time.Clock.systemUTC());
        assertThat(tokens.authenticate("t1", Map.of())
                        .orElseThrow()
                        .context()
                        .scope()
                        .values())
                .containsEntry("org_id", "7");
        assertThat(tokens.authenticate("t2", Map.of())).isEmpty();
    }

    private Path write(String yaml) throws Exception {
        Path file = dir.resolve("tokens.yaml");
        Files.writeString(file, yaml);
        return file;
    }
}
