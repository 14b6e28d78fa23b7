package io.quarry.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.openapi.ApiCallGuard;
import io.quarry.testing.Demo;
import io.quarry.tool.ToolSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.http.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.DispatcherServletAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.ServletWebServerFactoryAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * springdoc's document of a real Spring Boot web application, detected: with {@code
 * quarry.openapi.enabled=true} and no document, {@code find_api} and {@code call_api} (through the
 * Spring AI callbacks) work over the application's own controllers, on its own port.
 */
@SpringBootTest(
        classes = SpringdocApiToolsTest.App.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"quarry.openapi.enabled=true", "quarry.openapi.enable=createNote"})
class SpringdocApiToolsTest {

    /** A small web application: notes, with springdoc describing its controller. */
    @SpringBootConfiguration
    @ImportAutoConfiguration({
        ServletWebServerFactoryAutoConfiguration.class,
        DispatcherServletAutoConfiguration.class,
        WebMvcAutoConfiguration.class,
        HttpMessageConvertersAutoConfiguration.class,
        JacksonAutoConfiguration.class,
        org.springdoc.core.properties.SpringDocConfigProperties.class,
        org.springdoc.core.configuration.SpringDocConfiguration.class,
        org.springdoc.webmvc.core.configuration.SpringDocWebMvcConfiguration.class,
        QuarryOpenApiAutoConfiguration.class,
        QuarryAutoConfiguration.class
    })
    static class App {
        @Bean
        DataSource dataSource() {
            return Demo.dataSource("spring-springdoc");
        }

        @Bean
        NotesController notesController() {
            return new NotesController();
        }

        /** Lets enabled mutations through (the default guard would ask for a confirmation). */
        @Bean
        ApiCallGuard guard() {
            return ApiCallGuard.allowAll();
        }
    }

    /** A note. */
    record Note(long id, String text) {}

    /** What the model may create. */
    record NewNote(String text) {}

    /** Notes, and every request it serves (so a refused call can be shown to have sent nothing). */
    @RestController
    static class NotesController {
        final List<String> seen = new CopyOnWriteArrayList<>();
        final List<Note> notes = new CopyOnWriteArrayList<>(List.of(new Note(1, "Buy milk")));
        final AtomicLong ids = new AtomicLong(1);

        @GetMapping("/notes/{id}")
        Note getNote(@PathVariable("id") long id) {
            seen.add("GET /notes/" + id);
            return notes.stream()
                    .filter(n -> n.id() == id)
                    .findFirst()
                    .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        }

        @GetMapping("/notes")
        List<Note> searchNotes(@RequestParam(name = "text", required = false) String text) {
            seen.add("GET /notes");
            List<Note> out = new ArrayList<>();
            notes.stream().filter(n -> text == null || n.text().contains(text)).forEach(out::add);
            return out;
        }

        @PostMapping("/notes")
        @ResponseStatus(HttpStatus.CREATED)
        Note createNote(@RequestBody NewNote note) {
            seen.add("POST /notes");
            Note created = new Note(ids.incrementAndGet(), note.text());
            notes.add(created);
            return created;
        }

        @PostMapping("/notes/{id}/archive")
        Note archiveNote(@PathVariable("id") long id) {
            seen.add("POST /notes/" + id + "/archive");
            return getNote(id);
        }
    }

    @Autowired
    QuarryToolCallbacks callbacks;

    @Autowired
    NotesController controller;

    private JsonNode call(String tool, String input) throws Exception {
        for (ToolCallback c : callbacks.getToolCallbacks()) {
            if (c.getToolDefinition().name().equals(tool)) {
                return ToolSupport.parse(c.call(input));
            }
        }
        throw new AssertionError("no tool " + tool);
    }

    @Test
    void findApiAndCallApiWorkOverTheApplicationsOwnSpringdocDocument() throws Exception {
        JsonNode found = call("find_api", "{\"query\": \"get a note by id\"}");
        assertThat(found.path("endpoints").get(0).path("path").asText())
                .as(found.toString())
                .isEqualTo("/notes/{id}");
        assertThat(found.path("endpoints").get(0).path("method").asText()).isEqualTo("GET");
        JsonNode create = call("find_api", "{\"query\": \"create a note\", \"method\": \"POST\"}");
        JsonNode first = create.path("endpoints").get(0);
        assertThat(first.path("operation_id").asText()).isEqualTo("createNote");
        assertThat(first.path("body").path("text").asText()).startsWith("string");

        JsonNode got = call("call_api", "{\"method\": \"GET\", \"path\": \"/notes/1\"}");
        assertThat(got.path("status").asInt()).as(got.toString()).isEqualTo(200);
        assertThat(got.path("body").path("text").asText()).isEqualTo("Buy milk");
        JsonNode missing = call("call_api", "{\"method\": \"GET\", \"path\": \"/notes/99\"}");
        assertThat(missing.path("status").asInt()).isEqualTo(404);
        JsonNode listed =
                call("call_api", "{\"method\": \"GET\", \"path\": \"/notes\", \"query\": {\"text\": \"milk\"}}");
        assertThat(listed.path("body").get(0).path("id").asLong()).isEqualTo(1);

        // a mutation not enabled is refused before anything is sent
        int before = controller.seen.size();
        JsonNode refused = call("call_api", "{\"method\": \"POST\", \"path\": \"/notes/1/archive\"}");
        assertThat(refused.path("error").path("code").asText())
                .as(refused.toString())
                .isEqualTo("NOT_ALLOWED");
        assertThat(controller.seen).hasSize(before);
        // the enabled one (quarry.openapi.enable=createNote) reaches the controller
        JsonNode created =
                call("call_api", "{\"method\": \"POST\", \"path\": \"/notes\", \"body\": {\"text\": \"Call Ada\"}}");
        assertThat(created.path("status").asInt()).as(created.toString()).isEqualTo(201);
        assertThat(controller.seen).endsWith("POST /notes");
        assertThat(controller.notes).extracting(Note::text).contains("Call Ada");
    }
}
