package io.quarry.jpa.shop.catalog;

import io.quarry.jpa.shop.sales.Order;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import java.util.LinkedHashSet;
import java.util.Set;

/** The root of a joined hierarchy, with a self-reference and the inverse side of a many-to-many. */
@Entity
@Inheritance(strategy = InheritanceType.JOINED)
public class Product {
    @Id
    public Long id;

    public String name;

    @Column(length = 4000)
    public String description;

    public Double weight;

    public Boolean active;

    @ManyToOne
    public Product replacedBy;

    @ManyToMany(mappedBy = "products")
    public Set<Order> orders = new LinkedHashSet<>();

    protected Product() {}

    public Product(Long id, String name, Double weight) {
        this.id = id;
        this.name = name;
        this.weight = weight;
        this.active = true;
        this.description = name + ", described at length.";
    }
}
