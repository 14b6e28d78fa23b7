package io.quarry.examples.agents;

import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/** A stand-in model without network: it calls the tools as {@link Script} says, then answers. */
final class ScriptedSpringAiModel implements ChatModel {

    @Override
    public ChatResponse call(Prompt prompt) {
        List<String> results = new ArrayList<>();
        for (Message m : prompt.getInstructions()) {
            if (m instanceof ToolResponseMessage r) {
                r.getResponses().forEach(response -> results.add(response.responseData()));
            }
        }
        Script.Step step = Script.next(results);
        AssistantMessage reply = step.answer() != null
                ? new AssistantMessage(step.answer())
                : AssistantMessage.builder()
                        .content("")
                        .toolCalls(List.of(new AssistantMessage.ToolCall(
                                "call-" + results.size(), "function", step.tool(), step.arguments())))
                        .build();
        return new ChatResponse(List.of(new Generation(reply)));
    }
}
