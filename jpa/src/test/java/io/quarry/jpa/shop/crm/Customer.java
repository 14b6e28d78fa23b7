package io.quarry.jpa.shop.crm;

import io.quarry.jpa.shop.Address;
import io.quarry.jpa.shop.Audited;
import io.quarry.jpa.shop.sales.Order;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OneToOne;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** A customer: an embeddable, an enum by name, a LocalDate, a secret, both inverse sides. */
@Entity
public class Customer extends Audited {
    @Id
    public Long id;

    public String name;

    @Column(length = 1000)
    public String notes;

    @Embedded
    public Address address;

    public LocalDate customerSince;

    @Enumerated(EnumType.STRING)
    public Tier tier;

    public String passwordHash;

    @OneToMany(mappedBy = "customer")
    public List<Order> orders = new ArrayList<>();

    @OneToOne(mappedBy = "customer")
    public LoyaltyCard card;

    protected Customer() {}

    public Customer(Long id, String name, Address address, LocalDate customerSince, Tier tier) {
        this.id = id;
        this.name = name;
        this.address = address;
        this.customerSince = customerSince;
        this.tier = tier;
        this.passwordHash = "$2a$10$secret" + id;
    }
}
