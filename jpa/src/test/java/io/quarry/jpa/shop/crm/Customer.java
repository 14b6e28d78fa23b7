package io.quarry.jpa.shop.crm;

import io.quarry.jpa.shop.Address;
import io.quarry.jpa.shop.Audited;
import io.quarry.jpa.shop.catalog.Product;
import io.quarry.jpa.shop.sales.Order;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OneToOne;
import java.util.ArrayList;
import java.util.List;

/** A customer: an embeddable, an enum by name, a secret, both inverse sides, a one-to-many join table. */
@Entity
public class Customer extends Audited {
    @Id
    public Long id;

    public String name;

    @Column(length = 1000)
    public String notes;

    @Embedded
    public Address address;

    @Enumerated(EnumType.STRING)
    public Tier tier;

    public String passwordHash;

    @OneToMany(mappedBy = "customer")
    public List<Order> orders = new ArrayList<>();

    @OneToOne(mappedBy = "customer")
    public LoyaltyCard card;

    @OneToMany
    @JoinTable(
            name = "customer_favourite",
            joinColumns = @JoinColumn(name = "customer_id"),
            inverseJoinColumns = @JoinColumn(name = "product_id"))
    public List<Product> favourites = new ArrayList<>();

    protected Customer() {}

    public Customer(Long id, String name, Address address, Tier tier) {
        this.id = id;
        this.name = name;
        this.address = address;
        this.tier = tier;
        this.passwordHash = "$2a$10$secret" + id;
    }
}
