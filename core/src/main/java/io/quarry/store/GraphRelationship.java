package io.quarry.store;

import static java.util.Objects.requireNonNull;

/**
 * A directed, typed relationship between two objects.
 *
 * @param id the relationship id
 * @param srcId the source object
 * @param dstId the target object
 * @param type the relationship type, such as {@code part_of}
 */
public record GraphRelationship(String id, String srcId, String dstId, String type) {

    /** Checks the arguments. */
    public GraphRelationship {
        requireNonNull(id, "id");
        requireNonNull(srcId, "srcId");
        requireNonNull(dstId, "dstId");
        requireNonNull(type, "type");
    }

    /** The end that is not {@code objectId}. */
    public String other(String objectId) {
        return srcId.equals(objectId) ? dstId : srcId;
    }
}
