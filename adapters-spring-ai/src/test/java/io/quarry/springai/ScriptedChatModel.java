package io.quarry.springai;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/** A chat model that plays a script of replies and records every prompt: no network. */
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
    public ChatResponse call(Prompt prompt) {
        prompts.add(prompt);
        return new ChatResponse(List.of(new Generation(script.removeFirst())));
    }
}
