package io.quarry.jpa.tenants;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A tenant's client: its table has the tenant column. */
@Entity
@Table(name = "client")
public class Client {
    @Id
    @Column(name = "client_id")
    public Long id;

    @Column(name = "tenant_id", nullable = false)
    public String tenant;

    @Column(name = "name")
    public String name;

    protected Client() {}

    public Client(Long id, String tenant, String name) {
        this.id = id;
        this.tenant = tenant;
        this.name = name;
    }
}
