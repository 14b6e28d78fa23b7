package io.quarry.cli;

import static io.quarry.cli.QuarryCliTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code quarry context}: the context block of a project, on the demo and on a data file. */
class ContextCommandTest {
    @TempDir
    static Path dir;

    static Path data;
    static Path config;

    @BeforeAll
    static void files() throws Exception {
        data = dir.resolve("data.json");
        Files.writeString(data, """
                {"objects": [
                  {"id": "p1", "type": "Project", "org_id": "acme", "properties": {"name": "Platform", "status": "active"}},
                  {"id": "t1", "type": "Task", "org_id": "acme", "project_id": "p1", "properties": {"title": "Fix auth", "status": "Blocked", "cost": "CC-9"}},
                  {"id": "t2", "type": "Task", "org_id": "acme", "project_id": "p1", "properties": {"title": "Write docs", "status": "Done", "cost": "CC-9"}},
                  {"id": "g1", "type": "Goal", "org_id": "acme", "project_id": "p1", "properties": {"title": "Ship it", "status": "on_track"}},
                  {"id": "x1", "type": "Secret", "org_id": "acme", "project_id": "p1", "properties": {"title": "Undeclared"}}],
                 "relationships": [
                  {"src_id": "t1", "dst_id": "p1", "type": "part_of"},
                  {"src_id": "t2", "dst_id": "p1", "type": "part_of"},
                  {"src_id": "t1", "dst_id": "g1", "type": "supports"},
                  {"src_id": "x1", "dst_id": "p1", "type": "part_of"}]}
                """);
        config = dir.resolve("quarry.yaml");
        Files.writeString(config, """
                types:
                  Project: {fields: {name: string, status: string}, relationships: [{name: part_of, target: Project}]}
                  Task:
                    fields: {title: string, status: string, cost: {type: string, exposed: false}}
                    relationships: [{name: part_of, target: Project}, {name: supports, target: Goal}]
                  Goal: {fields: {title: string, status: string}}
                projections:
                  Project:
                    light: [name]
                    derived:
                      total_tasks: {count: part_of, direction: in, kind: Task}
                      done_tasks: {count: part_of, direction: in, kind: Task, where: {status: [Done]}}
                      progress: {percent: [done_tasks, total_tasks]}
                  Goal: {light: [title, status]}
                graph: {membership_key: project_id, membership_kinds: [Goal]}
                """);
    }

    @Test
    void theDemoProjectsBlockFitsTheDefaultBudget() {
        QuarryCliTest.Run run = run("", "context", "proj-01");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("## Project context: proj-01\n");
        assertThat(run.out().length()).isLessThanOrEqualTo(12_000);
        assertThat(run.out())
                .contains(
                        "### Graph\n```json\n{\"root_id\":\"proj-01\"", "### Goal (", "### Output (", "### Coverage\n")
                .contains("\"derived\":{\"total_tasks\":")
                .doesNotContain("internal_cost_code");
    }

    @Test
    void aSmallerBudgetGivesASmallerBlock() {
        QuarryCliTest.Run run = run("", "context", "proj-04", "--budget", "3000");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out().length()).isLessThanOrEqualTo(3_000);
        assertThat(run.out()).contains("### Coverage\n- Decision: ");
    }

    @Test
    void aDataFileUsesTheConfiguredProjectionsAndMembership() {
        QuarryCliTest.Run run = run("", "context", "p1", "--data", data.toString(), "--config", config.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out())
                .startsWith("## Project context: p1\n{\"id\":\"p1\",\"type\":\"Project\",")
                .contains("\"derived\":{\"total_tasks\":2,\"done_tasks\":1,\"progress\":50}")
                .contains("\"entity_counts\":{\"Goal\":1,\"Task\":2}")
                .contains("### Goal (1 in the project, 0 linked directly)\n- {\"id\":\"g1\"")
                .contains("\"direct_edge\":false")
                .contains("- Task: 2 total, 2 linked to the root, 0 unlinked")
                .doesNotContain("CC-9", "Undeclared", "x1");
    }

    @Test
    void mistakesExitTwoWithAMessage() {
        QuarryCliTest.Run tiny = run("", "context", "proj-01", "--budget", "10");
        assertThat(tiny.exit()).isEqualTo(2);
        assertThat(tiny.err()).contains("--budget must be at least 1000 characters, was 10.");
        QuarryCliTest.Run unknown =
                run("", "context", "nope", "--data", data.toString(), "--config", config.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err())
                .contains(
                        "quarry: no object 'nope' in the scope; list the objects with: quarry call query_graph_objects '{\"type\": \"Project\"}'");
        QuarryCliTest.Run otherOrg = run("", "context", "proj-01", "--scope", "org_id=globex");
        assertThat(otherOrg.exit()).isEqualTo(2);
        assertThat(otherOrg.err()).contains("no object 'proj-01' in the scope");
        assertThat(run("", "context").exit()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"context"})
    void hasHelp(String command) {
        QuarryCliTest.Run run = run("", command, "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("Usage:", "--budget", "--data", "--jdbc-url", "--config", "--scope");
    }
}
