package io.quarry.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A chat model that plays a script of replies and records every prompt: no network. Spring AI 2.0's
 * ToolCallingAdvisor runs tools only for a model whose options are ToolCallingChatOptions, as a real
 * model's are (a copy of quarry-spring-ai's, with that one method added).
 */
final class ScriptedChatModel implements ChatModel {
    final Deque<AssistantMessage> script = new ArrayDeque<>();
    final List<Prompt> prompts = new ArrayList<>();

    ScriptedChatModel callTool(String id, String tool, String arguments) {
        script.add(AssistantMessage.builder()
                .content("")
                .toolCalls(List.of(new AssistantMessage.ToolCall(id, "function", tool, arguments)))
                .build());
        return this;
    }

    ScriptedChatModel answer(String text) {
        script.add(new AssistantMessage(text));
        return this;
    }

    @Override
    public ChatOptions getOptions() {
        return ToolCallingChatOptions.builder().build();
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        prompts.add(prompt);
        return new ChatResponse(List.of(new Generation(script.removeFirst())));
    }
}
