package io.quarry.jpa.shop;

import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** A mapped superclass: its columns belong to each entity, it is no type of its own. */
@MappedSuperclass
public abstract class Audited {
    public Instant createdAt = Instant.parse("2024-01-02T03:04:05Z");
    public Instant updatedAt = Instant.parse("2024-02-03T04:05:06Z");
}
