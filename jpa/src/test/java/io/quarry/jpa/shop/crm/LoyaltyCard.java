package io.quarry.jpa.shop.crm;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToOne;

/** The owning side of a one-to-one. */
@Entity
public class LoyaltyCard {
    @Id
    public Long id;

    public Integer points;

    @OneToOne
    @JoinColumn(name = "customer_id", unique = true)
    public Customer customer;

    protected LoyaltyCard() {}

    public LoyaltyCard(Long id, Integer points, Customer customer) {
        this.id = id;
        this.points = points;
        this.customer = customer;
    }
}
