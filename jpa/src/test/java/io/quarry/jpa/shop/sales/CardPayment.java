package io.quarry.jpa.shop.sales;

import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import java.math.BigDecimal;

/** A single-table subclass. */
@Entity
@DiscriminatorValue("card")
public class CardPayment extends Payment {
    @Column(length = 4)
    public String cardLast4;

    protected CardPayment() {}

    public CardPayment(Long id, BigDecimal amount, String cardLast4) {
        super(id, amount);
        this.cardLast4 = cardLast4;
    }
}
