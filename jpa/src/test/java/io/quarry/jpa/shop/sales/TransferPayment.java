package io.quarry.jpa.shop.sales;

import jakarta.persistence.DiscriminatorValue;
import jakarta.persistence.Entity;
import java.math.BigDecimal;

/** A single-table subclass. */
@Entity
@DiscriminatorValue("transfer")
public class TransferPayment extends Payment {
    public String iban;

    protected TransferPayment() {}

    public TransferPayment(Long id, BigDecimal amount, String iban) {
        super(id, amount);
        this.iban = iban;
    }
}
