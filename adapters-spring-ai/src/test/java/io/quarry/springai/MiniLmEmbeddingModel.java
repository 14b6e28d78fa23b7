package io.quarry.springai;

import io.quarry.embeddings.MiniLmEmbedder;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/** Quarry's default model as a Spring AI {@link EmbeddingModel}: a real model for the tests, offline. */
final class MiniLmEmbeddingModel implements EmbeddingModel {
    static final MiniLmEmbedder MINILM = new MiniLmEmbedder();

    @Override
    public EmbeddingResponse call(EmbeddingRequest request) {
        List<float[]> vectors = MINILM.embed(request.getInstructions());
        List<Embedding> out = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            out.add(new Embedding(vectors.get(i), i));
        }
        return new EmbeddingResponse(out);
    }

    @Override
    public float[] embed(Document document) {
        return MINILM.embed(List.of(document.getText())).get(0);
    }

    @Override
    public int dimensions() {
        return MINILM.dimension();
    }
}
