package io.quarry.jpa.shop.sales;

/** Stored by ordinal (JPA's default). */
public enum OrderStatus {
    OPEN,
    PAID,
    SHIPPED
}
