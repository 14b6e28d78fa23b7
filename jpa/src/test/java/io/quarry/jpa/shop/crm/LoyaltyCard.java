package io.quarry.jpa.shop.crm;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToOne;
import java.time.LocalDate;

/** The owning side of a one-to-one, with a LocalDate. */
@Entity
public class LoyaltyCard {
    @Id
    public Long id;

    public Integer points;

    public LocalDate issuedOn;

    @OneToOne
    @JoinColumn(name = "customer_id", unique = true)
    public Customer customer;

    protected LoyaltyCard() {}

    public LoyaltyCard(Long id, Integer points, LocalDate issuedOn, Customer customer) {
        this.id = id;
        this.points = points;
        this.issuedOn = issuedOn;
        this.customer = customer;
    }
}
