package io.quarry.examples.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The Spring Data JPA example runs end to end on H2 with the scripted model. */
class SpringDataJpaExampleTest {

    @Test
    void theModelAnswersFromTheEntitiesTables() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String answer = SpringDataJpaExample.run(
                new ScriptedCatalogueModel(),
                SpringDataJpaExample.QUESTION,
                new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(answer)
                .startsWith("(scripted model) We sell 2 science books: ")
                .contains("A Brief History of Time", "Cosmos")
                .doesNotContain("Pride and Prejudice");
    }
}
