package io.quarry.jpa.shop.crm;

/** Stored by name. */
public enum Tier {
    FREE,
    GOLD
}
