package io.quarry.graph;

import io.quarry.store.GraphObject;

/**
 * How urgently a neighbour belongs in a snapshot: higher scores are visited first; equal scores go
 * by {@code updated_at}, newest first, then by id. A host plugs in its own to match its data.
 */
@FunctionalInterface
public interface NodeScore {

    /**
     * The default: blocked work first (a {@code status} or {@code state_key} of {@code blocked}, 3),
     * then high-impact risks (an {@code impact} of {@code high} or {@code critical}, 2), then active
     * goals (a type named {@code Goal} whose status is neither finished nor not started, 1); everything
     * else 0.
     */
    NodeScore DEFAULT = new DefaultScore();

    /** The score of an object; any int, higher first. */
    int score(GraphObject object);
}
