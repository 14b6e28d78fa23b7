package io.quarry.examples.jpa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * A stand-in model without network: it reads the schema of {@code Book}, asks for the science books,
 * then answers from the result.
 */
final class ScriptedCatalogueModel implements ChatModel {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String[]> CALLS = List.of(
            new String[] {"get_database_schema", "{\"types\": [\"Book\"]}"},
            new String[] {"query_graph_objects", "{\"type\": \"Book\", \"properties\": {\"genre\": \"SCIENCE\"}}"});

    @Override
    public ChatResponse call(Prompt prompt) {
        List<String> results = new ArrayList<>();
        for (Message m : prompt.getInstructions()) {
            if (m instanceof ToolResponseMessage r) {
                r.getResponses().forEach(response -> results.add(response.responseData()));
            }
        }
        AssistantMessage reply;
        if (results.size() < CALLS.size()) {
            String[] call = CALLS.get(results.size());
            reply = AssistantMessage.builder()
                    .content("")
                    .toolCalls(List.of(
                            new AssistantMessage.ToolCall("call-" + results.size(), "function", call[0], call[1])))
                    .build();
        } else {
            reply = new AssistantMessage(answer(results.get(results.size() - 1)));
        }
        return new ChatResponse(List.of(new Generation(reply)));
    }

    private static String answer(String lastResult) {
        List<String> titles = new ArrayList<>();
        try {
            JsonNode result = JSON.readTree(lastResult);
            result.path("objects")
                    .forEach(o -> titles.add(o.path("properties").path("title").asText()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return "(scripted model) The tool answered with something that is not JSON.";
        }
        return "(scripted model) We sell " + titles.size() + " science books: " + String.join("; ", titles) + ".";
    }
}
