package io.quarry.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A chat model that plays a script of replies and records every request: no network. */
final class ScriptedChatModel implements ChatModel {
    final Deque<AiMessage> script = new ArrayDeque<>();
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedChatModel callTool(String id, String tool, String arguments) {
        script.add(AiMessage.from(ToolExecutionRequest.builder()
                .id(id)
                .name(tool)
                .arguments(arguments)
                .build()));
        return this;
    }

    ScriptedChatModel answer(String text) {
        script.add(AiMessage.from(text));
        return this;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        return ChatResponse.builder().aiMessage(script.removeFirst()).build();
    }
}
