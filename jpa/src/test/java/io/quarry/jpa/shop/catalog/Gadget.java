package io.quarry.jpa.shop.catalog;

import jakarta.persistence.Entity;

/** A joined subclass. */
@Entity
public class Gadget extends Product {
    public Integer warrantyMonths;

    protected Gadget() {}

    public Gadget(Long id, String name, Double weight, Integer warrantyMonths) {
        super(id, name, weight);
        this.warrantyMonths = warrantyMonths;
    }
}
