/** The embedded index for semantic and hybrid search on Lucene: {@link io.quarry.lucene.LuceneIndex}. */
package io.quarry.lucene;
