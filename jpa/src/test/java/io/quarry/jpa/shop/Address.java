package io.quarry.jpa.shop;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** An embeddable: its attributes are columns of the embedding entity's table. */
@Embeddable
public class Address {
    public String street;
    public String city;

    @Column(length = 16)
    public String postalCode;

    protected Address() {}

    public Address(String street, String city, String postalCode) {
        this.street = street;
        this.city = city;
        this.postalCode = postalCode;
    }
}
