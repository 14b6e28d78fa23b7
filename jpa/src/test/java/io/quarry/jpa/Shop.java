package io.quarry.jpa;

import io.quarry.config.QuarryConfig;
import io.quarry.jpa.shop.Address;
import io.quarry.jpa.shop.catalog.Book;
import io.quarry.jpa.shop.catalog.Gadget;
import io.quarry.jpa.shop.catalog.Product;
import io.quarry.jpa.shop.crm.Customer;
import io.quarry.jpa.shop.crm.LoyaltyCard;
import io.quarry.jpa.shop.crm.Tier;
import io.quarry.jpa.shop.sales.CardPayment;
import io.quarry.jpa.shop.sales.Order;
import io.quarry.jpa.shop.sales.OrderStatus;
import io.quarry.jpa.shop.sales.Payment;
import io.quarry.jpa.shop.sales.TransferPayment;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.dialect.Dialects;
import io.quarry.sql.introspect.Introspection;
import io.quarry.tool.Toolkit;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.hibernate.cfg.Configuration;

/** The test entity model (package {@code io.quarry.jpa.shop}), its factory on a database, and a few rows. */
final class Shop {
    static final List<Class<?>> ENTITIES = List.of(
            Customer.class,
            LoyaltyCard.class,
            Order.class,
            Payment.class,
            CardPayment.class,
            TransferPayment.class,
            Product.class,
            Book.class,
            Gadget.class);

    private Shop() {}

    /** A factory over the classes on the JDBC URL, creating their tables (Hibernate's schema tool) when asked. */
    static EntityManagerFactory factory(String url, List<Class<?>> entities, Map<String, String> settings) {
        Configuration configuration = new Configuration();
        entities.forEach(configuration::addAnnotatedClass);
        configuration.setProperty("hibernate.connection.url", url);
        configuration.setProperty("hibernate.connection.pool_size", "2");
        configuration.setProperty("hibernate.show_sql", "false");
        settings.forEach(configuration::setProperty);
        return configuration.buildSessionFactory();
    }

    /** Quarry's tools over the derived configuration's table layout on the data source. */
    static Toolkit toolkit(Introspection result, DataSource dataSource) {
        QuarryConfig config = QuarryConfig.parse(result.toYaml(), "jpa");
        JdbcObjectStore store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(Dialects.detect(dataSource))
                .mapping(config.store().orElseThrow())
                .build();
        store.createLayout(); // H2's helper functions only: the table layout creates no table
        return Toolkit.builder().config(config).store(store).build();
    }

    /** Two customers, a card, three products (a book, a gadget), two orders, two payments. */
    static void load(EntityManagerFactory factory) {
        EntityManager em = factory.createEntityManager();
        em.getTransaction().begin();
        Customer ada = new Customer(1L, "Ada", new Address("1 Loop Lane", "London", "N1"), Tier.GOLD);
        Customer bob = new Customer(2L, "Bob", new Address("2 Byte Road", "Paris", "75001"), Tier.FREE);
        em.persist(ada);
        em.persist(bob);
        em.persist(new LoyaltyCard(10L, 120, LocalDate.of(2024, 5, 1), ada));
        Product lamp = new Product(20L, "Desk lamp", 1.5);
        Book book = new Book(21L, "Structure and Interpretation", 0.9, "978-0262510875");
        Gadget phone = new Gadget(22L, "Pocket phone", 0.2, 24);
        phone.replacedBy = lamp;
        em.persist(lamp);
        em.persist(book);
        em.persist(phone);
        ada.favourites.add(lamp);
        Order first = new Order(30L, ada, new BigDecimal("129.90"), OrderStatus.PAID);
        first.products.add(book);
        first.products.add(phone);
        first.payments.add(new CardPayment(40L, new BigDecimal("129.90"), "4242"));
        Order second = new Order(31L, bob, new BigDecimal("15.00"), OrderStatus.OPEN);
        second.products.add(lamp);
        second.payments.add(new TransferPayment(41L, new BigDecimal("15.00"), "DE89370400440532013000"));
        first.payments.forEach(em::persist);
        second.payments.forEach(em::persist);
        em.persist(first);
        em.persist(second);
        em.getTransaction().commit();
        em.close();
    }
}
