package io.quarry.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.jpa.tenants.Client;
import io.quarry.jpa.tenants.Region;
import io.quarry.sql.introspect.Introspection;
import io.quarry.store.Scope;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.List;
import java.util.Map;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/** {@code JpaIntrospector.introspect(factory, "tenant_id")}: two tenants, a shared table left out (issue 28 item 5). */
class ScopeColumnsJpaTest {
    private static final String URL = "jdbc:h2:mem:jpa_tenants;DB_CLOSE_DELAY=-1";

    @Test
    void eachTenantSeesItsOwnEntitiesAndATableWithoutTheColumnIsLeftOut() throws Exception {
        EntityManagerFactory factory = Shop.factory(
                URL,
                List.of(Client.class, Region.class),
                Map.of("hibernate.hbm2ddl.auto", "create-drop", "hibernate.globally_quoted_identifiers", "true"));
        try {
            EntityManager em = factory.createEntityManager();
            em.getTransaction().begin();
            em.persist(new Client(1L, "acme", "Ada"));
            em.persist(new Client(2L, "globex", "Cy"));
            em.persist(new Region("EU", "Europe"));
            em.getTransaction().commit();
            em.close();
            Introspection result = JpaIntrospector.introspect(factory, "tenant_id");
            assertThat(result.warnings())
                    .contains(
                            "region: no scope column [tenant_id]; left out, since every scoped call must be scoped by it");
            JdbcDataSource dataSource = new JdbcDataSource();
            dataSource.setURL(URL);
            Toolkit toolkit = Shop.toolkit(result, dataSource);
            for (String tenant : List.of("acme", "globex")) {
                ToolResult r = toolkit.call(
                        "query_graph_objects",
                        "{\"type\": \"Client\", \"detail\": \"full\"}",
                        ToolContext.builder()
                                .scope(Scope.of("tenant_id", tenant))
                                .build());
                assertThat(r.errorCode()).as(r.text()).isNull();
                assertThat(r.json().get("objects")).hasSize(1);
                assertThat(r.json().get("objects").get(0).path("properties").has("tenant"))
                        .isFalse();
                assertThat(r.text()).contains(tenant.equals("acme") ? "Ada" : "Cy");
            }
            assertThat(result.configuration()
                            .path("store")
                            .path("tables")
                            .path("types")
                            .has("Region"))
                    .isFalse();
        } finally {
            factory.close();
        }
    }
}
