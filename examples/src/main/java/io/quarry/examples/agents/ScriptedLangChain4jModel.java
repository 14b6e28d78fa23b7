package io.quarry.examples.agents;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;

/** A stand-in model without network: it calls the tools as {@link Script} says, then answers. */
final class ScriptedLangChain4jModel implements ChatModel {

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        List<String> results = messages.stream()
                .filter(ToolExecutionResultMessage.class::isInstance)
                .map(m -> ((ToolExecutionResultMessage) m).text())
                .toList();
        Script.Step step = Script.next(results);
        AiMessage reply = step.answer() != null
                ? AiMessage.from(step.answer())
                : AiMessage.from(ToolExecutionRequest.builder()
                        .id("call-" + results.size())
                        .name(step.tool())
                        .arguments(step.arguments())
                        .build());
        return ChatResponse.builder().aiMessage(reply).build();
    }
}
