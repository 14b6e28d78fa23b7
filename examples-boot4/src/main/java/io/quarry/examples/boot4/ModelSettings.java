package io.quarry.examples.boot4;

import java.util.Map;
import java.util.Optional;

/**
 * which real chat model the Boot 4 example uses, from environment variables: an OpenAI-compatible
 * endpoint ({@code OPENAI_API_KEY}, optional {@code OPENAI_BASE_URL} and {@code OPENAI_MODEL}) or
 * Ollama ({@code OLLAMA_BASE_URL}, optional {@code OLLAMA_MODEL}, through its OpenAI-compatible
 * API), as the Boot 3.5 example's {@code io.quarry.examples.agents.ModelSettings} (a copy: the two
 * modules build on different Spring lines). Without them the example runs on a scripted model and say so.
 *
 * @param provider what to call the model in the example's output
 * @param baseUrl the OpenAI-compatible base URL, ending in {@code /v1}
 * @param apiKey the API key
 * @param model the model name
 */
record ModelSettings(String provider, String baseUrl, String apiKey, String model) {
    static final String NONE = "No model configured (set OPENAI_API_KEY, or OLLAMA_BASE_URL for Ollama): "
            + "running on a scripted model that calls the tools the way a real one would.";

    /** The settings the environment gives, if any. */
    static Optional<ModelSettings> fromEnvironment(Map<String, String> env) {
        if (present(env, "OPENAI_API_KEY")) {
            return Optional.of(new ModelSettings(
                    "OpenAI-compatible endpoint",
                    withoutSlash(env.getOrDefault("OPENAI_BASE_URL", "https://api.openai.com/v1")),
                    env.get("OPENAI_API_KEY"),
                    env.getOrDefault("OPENAI_MODEL", "gpt-4o-mini")));
        }
        if (present(env, "OLLAMA_BASE_URL")) {
            return Optional.of(new ModelSettings(
                    "Ollama",
                    withoutSlash(env.get("OLLAMA_BASE_URL")) + "/v1",
                    "ollama",
                    env.getOrDefault("OLLAMA_MODEL", "llama3.1")));
        }
        return Optional.empty();
    }

    /** What the example says about the model it runs on. */
    String describe() {
        return "Model: " + model + " on " + provider + " at " + baseUrl;
    }

    private static boolean present(Map<String, String> env, String name) {
        return env.get(name) != null && !env.get(name).isBlank();
    }

    private static String withoutSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
