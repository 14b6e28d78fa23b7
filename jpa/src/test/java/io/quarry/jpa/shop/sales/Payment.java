package io.quarry.jpa.shop.sales;

import jakarta.persistence.DiscriminatorColumn;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import java.math.BigDecimal;

/** The root of a single-table hierarchy. */
@Entity
@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
@DiscriminatorColumn(name = "method")
public abstract class Payment {
    @Id
    public Long id;

    public BigDecimal amount;

    protected Payment() {}

    protected Payment(Long id, BigDecimal amount) {
        this.id = id;
        this.amount = amount;
    }
}
