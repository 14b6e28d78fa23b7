/**
 * The default {@link io.quarry.search.Embedder} for semantic search: {@link
 * io.quarry.embeddings.MiniLmEmbedder}, the quantized all-MiniLM-L6-v2 model in process, with no network
 * and no key.
 */
package io.quarry.embeddings;
