package io.quarry.filter;

import static java.util.Objects.requireNonNull;

import io.quarry.error.QueryError;
import io.quarry.schema.EntityType;
import java.util.List;
import java.util.Optional;

/**
 * A filter the {@link FilterValidator} accepted for a type (or for all types), with the warnings it
 * raised: paths never seen on a schemaless type, for instance.
 *
 * @param filter the filter
 * @param type the type it was validated against; {@code null} when the query spans all types
 * @param warnings what the model may want to know, without failing the query
 */
public record ValidatedFilter(Filter filter, EntityType type, List<QueryError> warnings) {

    /** Checks the arguments. */
    public ValidatedFilter {
        requireNonNull(filter, "filter");
        warnings = List.copyOf(requireNonNull(warnings, "warnings"));
    }

    /** The empty filter, valid everywhere. */
    public static ValidatedFilter matchAll() {
        return new ValidatedFilter(Filter.matchAll(), null, List.of());
    }

    /** The type, if the filter was validated for one. */
    public Optional<EntityType> entityType() {
        return Optional.ofNullable(type);
    }
}
