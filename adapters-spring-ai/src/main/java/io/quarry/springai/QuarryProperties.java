package io.quarry.springai;

import io.quarry.tool.Limits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code quarry.*} properties of {@link QuarryAutoConfiguration}. Public because Spring Boot
 * binds it; hosts configure it in {@code application.properties}, not in code.
 */
@ConfigurationProperties(prefix = "quarry")
public class QuarryProperties {
    /** Whether to create Quarry's tool callbacks from the application's DataSource. */
    private boolean enabled = true;

    /**
     * Where the Quarry configuration is (a Spring resource location, JSON or YAML). Unset: classpath:quarry.yaml
     * when there is one, else the database's graph layout or its introspected tables (quarry.introspect.*).
     */
    private String config;

    /** The tools to offer, by name; empty for every tool. */
    private List<String> tools = new ArrayList<>();

    /** Where the objects and relationships live in the DataSource. */
    private final Store store = new Store();

    /** The limits on every call; the model can only ask for less. */
    private final LimitSettings limits = new LimitSettings();

    /** How the DataSource's own tables are served when there is no configuration file and no graph layout. */
    private final Introspect introspect = new Introspect();

    /** Semantic search with the application's Spring AI EmbeddingModel and VectorStore beans. */
    private final Search search = new Search();

    /**
     * The name of a DataSource bean the tools read from, such as a streaming replica; DDL, helper functions
     * and loads still use the application's (primary) DataSource. Unset: every read goes to the primary.
     */
    private String readDataSource;

    /**
     * A secret (at least 16 bytes in UTF-8, such as the output of {@code openssl rand -base64 32}) that signs every cursor, shared by every instance serving the same
     * agents, so any instance continues a page walk and a forged cursor is refused. Unset: cursors are not
     * signed.
     */
    private String cursorKey;

    public String getReadDataSource() {
        return readDataSource;
    }

    public void setReadDataSource(String readDataSource) {
        this.readDataSource = readDataSource;
    }

    public String getCursorKey() {
        return cursorKey;
    }

    public void setCursorKey(String cursorKey) {
        this.cursorKey = cursorKey;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public String getConfig() {
        return config;
    }

    public void setConfig(String config) {
        this.config = config;
    }

    public List<String> getTools() {
        return tools;
    }

    public void setTools(List<String> tools) {
        this.tools = tools;
    }

    public Store getStore() {
        return store;
    }

    public LimitSettings getLimits() {
        return limits;
    }

    public Search getSearch() {
        return search;
    }

    /** {@code quarry.search.*}: semantic search with the application's beans. */
    public static class Search {
        /**
         * Whether the toolkit uses the application's EmbeddingModel bean (hybrid discover_schema) and, with it,
         * its VectorStore bean (semantic_search). A host's own io.quarry.search.Embedder and VectorIndex beans
         * come first.
         */
        private boolean enabled = true;

        /** The name of Quarry's entries in the VectorStore (its quarry_index metadata). */
        private String indexName = "quarry";

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getIndexName() {
            return indexName;
        }

        public void setIndexName(String indexName) {
            this.indexName = indexName;
        }
    }

    public Introspect getIntrospect() {
        return introspect;
    }

    /** How the type of a table is named. */
    public enum TypeNames {
        /** Singular PascalCase of the table name: invoice_lines is InvoiceLine. */
        SINGULAR_PASCAL_CASE,
        /** The table name unchanged (a name Quarry refuses skips the table). */
        TABLE
    }

    /**
     * Introspection of the DataSource's tables: without a configuration file and without Quarry's graph
     * layout, each table and view becomes a type served from the host's own tables (docs/introspection.md).
     */
    public static class Introspect {
        /** Whether to introspect the DataSource's tables when there is no configuration file and no graph layout. */
        private boolean enabled = true;

        /** The schemas (PostgreSQL, H2) or databases (MariaDB, MySQL) to read; default the connection's current one. */
        private List<String> schemas = new ArrayList<>();

        /** Table-name globs to serve (* any run of characters, ? one; or schema.table); default every table. */
        private List<String> include = new ArrayList<>();

        /** Table-name globs to leave out, after include; setting it replaces the default (Flyway's and Liquibase's tables). */
        private List<String> exclude =
                new ArrayList<>(List.of("flyway_schema_history", "databasechangelog", "databasechangeloglock"));

        /** How a table's type is named. */
        private TypeNames typeNames = TypeNames.SINGULAR_PASCAL_CASE;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public List<String> getSchemas() {
            return schemas;
        }

        public void setSchemas(List<String> schemas) {
            this.schemas = schemas;
        }

        public List<String> getInclude() {
            return include;
        }

        public void setInclude(List<String> include) {
            this.include = include;
        }

        public List<String> getExclude() {
            return exclude;
        }

        public void setExclude(List<String> exclude) {
            this.exclude = exclude;
        }

        public TypeNames getTypeNames() {
            return typeNames;
        }

        public void setTypeNames(TypeNames typeNames) {
            this.typeNames = typeNames;
        }
    }

    /** Where the objects and relationships live: Quarry's graph layout. */
    public static class Store {
        /** The objects table. */
        private String objectsTable = "quarry_objects";

        /** The relationships table. */
        private String relationshipsTable = "quarry_relationships";

        /** The scope columns of the objects table, such as org_id; the host's tool context gives their values. */
        private List<String> scopeColumns = new ArrayList<>();

        /** How long one database statement may run. */
        private Duration timeout = Duration.ofSeconds(5);

        /**
         * Totals are counted exactly up to this many matches and answered as a lower bound past it
         * ({@code "total_exact": false}); 0 counts every match.
         */
        private long countCap = 1_000;

        public String getObjectsTable() {
            return objectsTable;
        }

        public void setObjectsTable(String objectsTable) {
            this.objectsTable = objectsTable;
        }

        public String getRelationshipsTable() {
            return relationshipsTable;
        }

        public void setRelationshipsTable(String relationshipsTable) {
            this.relationshipsTable = relationshipsTable;
        }

        public List<String> getScopeColumns() {
            return scopeColumns;
        }

        public void setScopeColumns(List<String> scopeColumns) {
            this.scopeColumns = scopeColumns;
        }

        public Duration getTimeout() {
            return timeout;
        }

        public long getCountCap() {
            return countCap;
        }

        public void setCountCap(long countCap) {
            this.countCap = countCap;
        }

        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }
    }

    /**
     * The host's limits on tool calls, when they are not in the configuration file's {@code limits}
     * section: each is optional, and the defaults hold for those not set.
     */
    public static class LimitSettings {
        /** Objects per page when the model gives no limit (default 20, lowered to max-limit when that is smaller). */
        private Integer defaultLimit;

        /** The largest limit a model may ask for (default 100). */
        private Integer maxLimit;

        /** The most characters of JSON one result may hold (default 16000). */
        private Integer sizeBudget;

        /**
         * How long one database statement of a tool may run (default quarry.store.timeout); a
         * configuration file's limits.statement_timeout_seconds otherwise.
         */
        private Duration statementTimeout;

        public Integer getDefaultLimit() {
            return defaultLimit;
        }

        public void setDefaultLimit(Integer defaultLimit) {
            this.defaultLimit = defaultLimit;
        }

        public Integer getMaxLimit() {
            return maxLimit;
        }

        public void setMaxLimit(Integer maxLimit) {
            this.maxLimit = maxLimit;
        }

        public Integer getSizeBudget() {
            return sizeBudget;
        }

        public void setSizeBudget(Integer sizeBudget) {
            this.sizeBudget = sizeBudget;
        }

        public Duration getStatementTimeout() {
            return statementTimeout;
        }

        public void setStatementTimeout(Duration statementTimeout) {
            this.statementTimeout = statementTimeout;
        }

        /** Whether any limit is set. */
        boolean isSet() {
            return defaultLimit != null || maxLimit != null || sizeBudget != null || statementTimeout != null;
        }

        /**
         * The limits set, with the defaults for the others; the statement timeout, when not set, is
         * {@code quarry.store.timeout}.
         */
        Limits toLimits(Duration storeTimeout) {
            Limits.Builder b = Limits.builder().statementTimeout(storeTimeout);
            if (defaultLimit != null) {
                b.defaultLimit(defaultLimit);
            }
            if (maxLimit != null) {
                b.maxLimit(maxLimit);
            }
            if (sizeBudget != null) {
                b.sizeBudget(sizeBudget);
            }
            if (statementTimeout != null) {
                b.statementTimeout(statementTimeout);
            }
            return b.build();
        }
    }
}
