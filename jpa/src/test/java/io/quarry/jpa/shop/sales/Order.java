package io.quarry.jpa.shop.sales;

import io.quarry.jpa.shop.catalog.Product;
import io.quarry.jpa.shop.crm.Customer;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** An order: a many-to-one, an owning many-to-many, a unidirectional one-to-many, an ordinal enum. */
@Entity
@Table(name = "orders")
public class Order {
    @Id
    public Long id;

    @ManyToOne
    public Customer customer;

    public BigDecimal total;

    public OrderStatus status;

    @ManyToMany
    @JoinTable(
            name = "order_product",
            joinColumns = @JoinColumn(name = "order_id"),
            inverseJoinColumns = @JoinColumn(name = "product_id"))
    public Set<Product> products = new LinkedHashSet<>();

    @OneToMany
    @JoinColumn(name = "order_id")
    public List<Payment> payments = new ArrayList<>();

    protected Order() {}

    public Order(Long id, Customer customer, BigDecimal total, OrderStatus status) {
        this.id = id;
        this.customer = customer;
        this.total = total;
        this.status = status;
    }
}
