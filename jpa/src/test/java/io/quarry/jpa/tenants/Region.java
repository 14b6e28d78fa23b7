package io.quarry.jpa.tenants;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Reference data shared by every tenant: no tenant column. */
@Entity
@Table(name = "region")
public class Region {
    @Id
    @Column(name = "code")
    public String code;

    @Column(name = "name")
    public String name;

    protected Region() {}

    public Region(String code, String name) {
        this.code = code;
        this.name = name;
    }
}
