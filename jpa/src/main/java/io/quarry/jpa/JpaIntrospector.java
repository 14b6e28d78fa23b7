package io.quarry.jpa;

import static java.util.Objects.requireNonNull;

import io.quarry.sql.introspect.Introspection;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.engine.spi.SessionFactoryImplementor;

/**
 * Derives a Quarry configuration, the {@code types} a model sees and the {@code store} section's
 * table layout that serves them from the entities' own tables, from a Jakarta Persistence {@link
 * EntityManagerFactory}: the entity model from its metamodel, the table and column names from
 * Hibernate's mapping model (so naming strategies, {@code @Table}, {@code @Column} and quoting are
 * those Hibernate uses). The result has the format of {@link
 * io.quarry.sql.introspect.Introspector}'s: review it with {@link Introspection#toYaml()}, load it
 * with {@code QuarryConfig.parse}. See docs/jpa.md.
 *
 * <pre>{@code
 * Introspection result = JpaIntrospector.introspect(entityManagerFactory);
 * QuarryConfig config = QuarryConfig.parse(result.toYaml(), "jpa");
 * }</pre>
 */
public final class JpaIntrospector {
    private JpaIntrospector() {}

    /**
     * Derives the configuration of every entity of the factory's persistence unit.
     *
     * @param entityManagerFactory a factory whose provider is Hibernate ORM 6.6 or 7
     * @return the configuration, with the hidden fields, warnings, modules and relationship kinds
     * @throws IllegalArgumentException when the factory is not Hibernate's
     */
    public static Introspection introspect(EntityManagerFactory entityManagerFactory) {
        return introspect(entityManagerFactory, new String[0]);
    }

    /**
     * Derives the configuration of every entity whose table has the tenant (scope) columns, as {@code
     * Introspector.Builder.scopeColumns} does: each such table is scoped by them (the columns are no
     * fields), an entity whose table lacks one is left out with a warning.
     *
     * @param entityManagerFactory a factory whose provider is Hibernate ORM 6.6 or 7
     * @param scopeColumns the tenant columns, named as in the tables ({@code tenant_id})
     * @return the configuration, with the hidden fields, warnings, modules and relationship kinds
     * @throws IllegalArgumentException when the factory is not Hibernate's
     */
    public static Introspection introspect(EntityManagerFactory entityManagerFactory, String... scopeColumns) {
        requireNonNull(entityManagerFactory, "entityManagerFactory");
        SessionFactoryImplementor sessionFactory;
        try {
            sessionFactory = entityManagerFactory.unwrap(SessionFactoryImplementor.class);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "JpaIntrospector.introspect: the EntityManagerFactory is not Hibernate's ("
                            + entityManagerFactory.getClass().getName()
                            + "); quarry-jpa reads table and column names from Hibernate ORM 6.6 or 7",
                    e);
        }
        return new EntityModelDerivation(
                        entityManagerFactory.getMetamodel(), sessionFactory, java.util.List.of(scopeColumns))
                .derive();
    }
}
