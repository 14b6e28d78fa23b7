package io.quarry.jpa.chinook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import java.time.LocalDateTime;

/** Chinook's {@code Employee} table, with its self-reference. */
@Entity
public class Employee {
    @Id
    @Column(name = "EmployeeId")
    public Integer id;

    @Column(name = "LastName", length = 20)
    public String lastName;

    @Column(name = "FirstName", length = 20)
    public String firstName;

    @Column(name = "Title", length = 30)
    public String title;

    @ManyToOne
    @JoinColumn(name = "ReportsTo")
    public Employee reportsTo;

    @Column(name = "HireDate")
    public LocalDateTime hireDate;

    @Column(name = "City", length = 40)
    public String city;
}
