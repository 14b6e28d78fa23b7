package io.quarry.examples.jpa;

import io.quarry.config.QuarryConfig;
import io.quarry.jpa.JpaIntrospector;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.sql.introspect.Introspection;
import io.quarry.tool.Toolkit;
import jakarta.persistence.EntityManagerFactory;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallAdvisor;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application with Spring Data JPA: its entities ({@link Author}, {@link Book}), its
 * repository ({@link Catalogue}), and Quarry's tools over the entities' own tables, derived from the
 * {@link EntityManagerFactory} by quarry-jpa. Quarry's Spring AI auto-configuration turns the
 * {@link Toolkit} bean into a {@link ToolCallbackProvider}, which a ChatClient uses.
 *
 * <pre>
 * java -cp examples/target/quarry-examples.jar io.quarry.examples.jpa.SpringDataJpaExample
 * </pre>
 *
 * It runs with a scripted model ({@link ScriptedCatalogueModel}); hand {@link #run} any Spring AI
 * {@link ChatModel} instead.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class SpringDataJpaExample {
    /** The question the scripted model answers. */
    public static final String QUESTION = "Which science books do we sell?";

    // --- what a host writes: one bean ---
    /** Quarry's tools over the entities' tables: the configuration derived from the JPA metamodel. */
    @Bean
    Toolkit quarryToolkit(EntityManagerFactory entityManagerFactory, DataSource dataSource) {
        Introspection derived = JpaIntrospector.introspect(entityManagerFactory);
        QuarryConfig config = QuarryConfig.parse(derived.toYaml(), "the JPA entities");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout(); // on H2, the helper functions the table layout calls; no table is created
        return Toolkit.builder().config(config).store(store).build();
    }
    // --- end ---

    /** Asks the question with the scripted model. */
    public static void main(String[] args) {
        run(new ScriptedCatalogueModel(), QUESTION, System.out);
    }

    static String run(ChatModel model, String question, PrintStream out) {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(SpringDataJpaExample.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                // in application.properties of a real application
                .properties(
                        "spring.datasource.url=jdbc:h2:mem:quarry-jpa-example;DB_CLOSE_DELAY=-1",
                        "spring.jpa.hibernate.ddl-auto=create-drop",
                        "spring.jpa.open-in-view=false")
                .run()) {
            stock(app.getBean(Catalogue.class));
            ChatClient chat = ChatClient.builder(model)
                    .defaultSystem("You answer questions about a bookshop's catalogue. get_database_schema tells you"
                            + " the types and fields, query_graph_objects finds objects.")
                    .defaultToolCallbacks(app.getBean(ToolCallbackProvider.class))
                    .defaultAdvisors(ToolCallAdvisor.builder().build())
                    .build();
            String answer = chat.prompt().user(question).call().content();
            out.println(answer);
            return answer;
        }
    }

    /** The application's data, saved as the application saves it: through its repository. */
    private static void stock(Catalogue catalogue) {
        Author hawking = new Author("Stephen Hawking", "United Kingdom");
        Author sagan = new Author("Carl Sagan", "United States");
        Author austen = new Author("Jane Austen", "United Kingdom");
        catalogue.saveAll(List.of(
                new Book("A Brief History of Time", Genre.SCIENCE, "18.99", LocalDate.of(1988, 4, 1), hawking),
                new Book("Cosmos", Genre.SCIENCE, "16.50", LocalDate.of(1980, 10, 1), sagan),
                new Book("Pride and Prejudice", Genre.NOVEL, "9.99", LocalDate.of(1813, 1, 28), austen)));
    }
}
