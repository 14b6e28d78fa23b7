package io.quarry.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.filter.FieldPath;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.sql.JdbcObjectStore;
import io.quarry.sql.Sql;
import io.quarry.store.DataFile;
import io.quarry.store.GraphObject;
import io.quarry.store.InMemoryObjectStore;
import io.quarry.store.ObjectQuery;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * MariaDB's full text ({@link MySqlDialect#withFullText}): whole words of every string value, case-
 * and accent-insensitive; words InnoDB does not index (short ones, stopwords) never empty the answer;
 * operators in the text are words' separators, never syntax; without the column, the fallback.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MariaDbFullTextIT {
    private static final String DATA = """
            {"objects": [
              {"id": "a1", "type": "Thing", "properties": {"title": "Fix the login bug", "note": "Logins fail"}},
              {"id": "a2", "type": "Thing", "properties": {"title": "Billing export", "tags": ["UI", "e-mail"],
                "nested": {"deep": "Caf\\u00e9 cr\\u00e8me"}}},
              {"id": "a3", "type": "Thing", "properties": {"title": "loginpage redesign quickly", "n": 4232,
                "flag": true}},
              {"id": "a4", "type": "Thing", "properties": {"title": "The plan", "keyed": {"login": 5}}},
              {"id": "a5", "type": "Thing",
                "properties": {"title": "Say \\"hello\\"\\nworld; +billing -export ~x* (it's) 'q' \\\\ back"}},
              {"id": "a6", "type": "Note", "properties": {"title": "UI guide", "secret": "hidden words"}}
            ], "relationships": []}
            """;

    private DataSource dataSource;
    private JdbcObjectStore store;
    private JdbcObjectStore fullText;
    private ObjectStore memory;

    @BeforeAll
    void load() throws Exception {
        DataFile.DataSet data = DataFile.read(Json.parse(DATA), "fulltext");
        dataSource = Backend.MARIADB.dataSource("mariadb_fulltext");
        store = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(MySqlDialect.mariadb())
                .build();
        store.createLayout();
        store.load(data);
        // an existing, loaded layout gains the column and its index
        fullText = JdbcObjectStore.builder()
                .dataSource(dataSource)
                .dialect(MySqlDialect.mariadb().withFullText("fts"))
                .build();
        fullText.createLayout();
        fullText.createLayout(); // idempotent
        memory = InMemoryObjectStore.of(data);
    }

    @Test
    void wholeWordsOfEveryStringValueCaseAndAccentInsensitive() {
        // "loginpage" holds "login" but is another word; the key "login" and "Logins" are no matches
        assertThat(ids(fullText, text("login"))).containsExactlyInAnyOrder("a1");
        assertThat(ids(fullText, text("LOGIN Bug"))).containsExactlyInAnyOrder("a1");
        // nested strings and array elements; accents are ignored as the index's collation does
        assertThat(ids(fullText, text("cafe CREME"))).containsExactlyInAnyOrder("a2");
        assertThat(ids(fullText, text("mail"))).containsExactlyInAnyOrder("a2");
        // numbers, booleans and keys are not text
        assertThat(ids(fullText, text("4232"))).isEmpty();
        assertThat(ids(fullText, text("true"))).isEmpty();
        assertThat(ids(fullText, text("keyed"))).isEmpty();
        // an escape in the JSON text separates words: "\nworld" is "world"
        assertThat(ids(fullText, text("world"))).containsExactlyInAnyOrder("a5");
    }

    @Test
    void wordsTheIndexLacksNeverEmptyTheAnswer() {
        // "+the" in boolean mode would match nothing: stopwords are left out, as PostgreSQL's english
        assertThat(ids(fullText, text("fix the login"))).containsExactlyInAnyOrder("a1");
        assertThat(ids(fullText, text("the login of a bug"))).containsExactlyInAnyOrder("a1");
        // unless there is no other word: then they are whole words
        assertThat(ids(fullText, text("the"))).containsExactlyInAnyOrder("a1", "a4");
        // shorter than innodb_ft_min_token_size: a whole word, not a substring ("guide", "quickly")
        assertThat(ids(fullText, text("ui"))).containsExactlyInAnyOrder("a2", "a6");
        assertThat(ids(fullText, text("UI billing"))).containsExactlyInAnyOrder("a2");
        assertThat(ids(fullText, text("e-mail"))).containsExactlyInAnyOrder("a2");
        // no word at all: nothing, as PostgreSQL's empty query
        assertThat(ids(fullText, text("!!! --"))).isEmpty();
    }

    @Test
    void operatorsInTheTextAreSeparatorsNeverSyntax() {
        // "-export" does not exclude: every word is required
        assertThat(ids(fullText, text("+billing -export"))).containsExactlyInAnyOrder("a2", "a5");
        assertThat(ids(fullText, text("\"hello\" world*"))).containsExactlyInAnyOrder("a5");
        assertThat(ids(fullText, text("(hello) <world> ~x @ it's"))).containsExactlyInAnyOrder("a5");
        assertThat(ids(fullText, text("x' OR '1'='1"))).isEmpty();
        assertThat(ids(fullText, text("%"))).isEmpty();
        assertThat(ids(fullText, text("_"))).isEmpty();
        assertThat(ids(fullText, text("back\\"))).containsExactlyInAnyOrder("a5");
        // the words are binds
        for (Sql sql : fullText.explain(text("billing' ) OR 1=1 --"))) {
            assertThat(sql.text()).doesNotContain("billing").doesNotContain("1=1");
        }
    }

    @Test
    void everyStringIsIndexedWhateverTheTextFieldsSay() {
        // as PostgreSQL's tsvector: text_fields narrow the fallback only
        ObjectQuery query = ObjectQuery.builder()
                .types(List.of("Thing", "Note"))
                .text("hidden", List.of(FieldPath.property("title")))
                .limit(100)
                .scope(Scope.unrestricted())
                .build();
        assertThat(ids(fullText, query)).containsExactly("a6");
        assertThat(ids(store, query)).isEqualTo(ids(memory, query)).isEmpty();
    }

    @Test
    void withoutTheColumnTheFallbackIsTheEvaluators() {
        for (String t : List.of("logi", "login", "the", "ui", "+billing -export")) {
            assertThat(ids(store, text(t))).as(t).isEqualTo(ids(memory, text(t)));
        }
        assertThat(ids(store, text("logi"))).containsExactlyInAnyOrder("a1", "a3");
        assertThat(ids(fullText, text("logi"))).isEmpty();
    }

    @Test
    void theColumnIsGeneratedStoredAndIndexed() throws Exception {
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT c.EXTRA, c.COLUMN_COMMENT, s.INDEX_TYPE"
                        + " FROM information_schema.COLUMNS c JOIN information_schema.STATISTICS s"
                        + " ON s.TABLE_SCHEMA = c.TABLE_SCHEMA AND s.TABLE_NAME = c.TABLE_NAME"
                        + " AND s.COLUMN_NAME = c.COLUMN_NAME"
                        + " WHERE c.TABLE_SCHEMA = DATABASE() AND c.TABLE_NAME = 'quarry_objects'"
                        + " AND c.COLUMN_NAME = 'fts'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualToIgnoringCase("STORED GENERATED");
            assertThat(rs.getString(2)).isEqualTo("quarry:fulltext:v1");
            assertThat(rs.getString(3)).isEqualTo("FULLTEXT");
        }
        // a search uses the index
        try (Connection c = dataSource.getConnection();
                java.sql.PreparedStatement ps =
                        c.prepareStatement("EXPLAIN " + sqlOf(text("billing")).text())) {
            List<Object> binds = sqlOf(text("billing")).binds();
            for (int i = 0; i < binds.size(); i++) {
                ps.setObject(i + 1, binds.get(i));
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString("type"))
                            .append(' ')
                            .append(rs.getString("key"))
                            .append('\n');
                }
            }
            assertThat(plan.toString()).contains("fulltext quarry_objects_fts");
        }
    }

    @Test
    void theServersTokenSizesAndStopwordsAreRead() throws Exception {
        InnoDbFullText.Vocabulary read = InnoDbFullText.Vocabulary.read(dataSource);
        try (Connection c = dataSource.getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT @@innodb_ft_min_token_size, @@innodb_ft_max_token_size")) {
            rs.next();
            assertThat(read.min()).isEqualTo(rs.getInt(1));
            assertThat(read.max()).isEqualTo(rs.getInt(2));
        }
        assertThat(read.stopwords()).containsAll(InnoDbFullText.Vocabulary.DEFAULT.stopwords());
    }

    private Sql sqlOf(ObjectQuery query) {
        return fullText.explain(query).get(0);
    }

    private static ObjectQuery text(String text) {
        return ObjectQuery.builder()
                .types(List.of("Thing", "Note"))
                .text(text, List.of())
                .limit(100)
                .scope(Scope.unrestricted())
                .build();
    }

    private static List<String> ids(ObjectStore store, ObjectQuery query) {
        return store.search(query).items().stream().map(GraphObject::id).toList();
    }
}
