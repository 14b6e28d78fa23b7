/**
 * Semantic search SPIs: {@link io.quarry.search.Embedder} (texts to vectors) and {@link
 * io.quarry.search.VectorIndex} (nearest neighbours), with an in-memory index. Framework-free: the
 * adapters bridge LangChain4j's and Spring AI's models and stores to these.
 */
package io.quarry.search;
