package com.example.host;

import dev.langchain4j.invocation.InvocationParameters;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.UserMessage;
import io.quarry.embeddings.MiniLmEmbedder;
import io.quarry.langchain4j.QuarryToolProvider;
import io.quarry.search.InMemoryVectorIndex;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.Toolkit;

/** The host's glue, as the README shows it: compiled against the versions the host resolves. */
public final class Assistants {
    /** The host's AI service. */
    public interface Assistant {
        /**
         * Answers a question with Quarry's tools.
         *
         * @param question the user's question
         * @param parameters the tenant and user, which the model never sees
         * @return the answer
         */
        String chat(@UserMessage String question, InvocationParameters parameters);
    }

    private Assistants() {}

    /**
     * An assistant over the toolkit, with semantic search on the default model.
     *
     * @param builder the host's toolkit, store and schema set
     * @param chatModel the host's model
     * @return the assistant
     */
    public static Assistant assistant(Toolkit.Builder builder, ChatModel chatModel) {
        Toolkit toolkit = builder.embedder(new MiniLmEmbedder())
                .vectorIndex(new InMemoryVectorIndex())
                .build();
        return AiServices.builder(Assistant.class)
                .chatModel(chatModel)
                .toolProvider(QuarryToolProvider.of(toolkit, params -> ToolContext.builder()
                        .scope(Scope.of("org_id", params.get("org_id")))
                        .user(params.get("user"))
                        .build()))
                .build();
    }
}
