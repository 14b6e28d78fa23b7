package io.quarry.sql.dialect;

import io.quarry.sql.SqlWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * MariaDB's full text ({@link MySqlDialect#withFullText}): a {@code STORED} generated column of the
 * document's string values as words separated by single spaces, with a {@code FULLTEXT} index, and
 * the condition a {@code query} text compiles to.
 *
 * <p>A word is a run of letters, marks, digits and {@code _} (PCRE's {@code [\p{L}\p{M}\p{N}_]}, the
 * same in the column and in {@link #words}); everything else separates words. InnoDB indexes only
 * words of 3 to 84 characters (by default) that are not stopwords ({@link Vocabulary}), and a required word it did not index ({@code +the}) empties the whole match; so stopwords are
 * left out (unless the text has only stopwords), and words too short or too long for the index are
 * tested as whole words on the column's text ({@code CONCAT(' ', c, ' ') LIKE '% ui %'}), on the rows
 * the indexed words found.
 */
final class InnoDbFullText {
    /** The column's comment: what the store and the command line read, not the name. */
    static final String COMMENT = "quarry:fulltext:v1";

    /** A case- and accent-insensitive collation that MariaDB 10.6 has; the index compares words in it. */
    static final String COLLATION = "utf8mb4_unicode_520_ci";

    /**
     * Which words InnoDB's full-text index holds: those of {@code min} to {@code max} characters that
     * are not stopwords. Quarry never requires a word outside it ({@code +word} of a word the index
     * lacks empties the whole match).
     *
     * @param min {@code innodb_ft_min_token_size}
     * @param max {@code innodb_ft_max_token_size}
     * @param stopwords in lower case: InnoDB's default list and the configured stopword tables' words
     */
    record Vocabulary(int min, int max, Set<String> stopwords) {
        /** InnoDB's defaults: 3 to 84 characters, {@code information_schema.INNODB_FT_DEFAULT_STOPWORD}. */
        static final Vocabulary DEFAULT = new Vocabulary(
                3,
                84,
                Set.of(
                        "a", "about", "an", "are", "as", "at", "be", "by", "com", "de", "en", "for", "from", "how", "i",
                        "in", "is", "it", "la", "of", "on", "or", "that", "the", "this", "to", "was", "what", "when",
                        "where", "who", "will", "with", "und", "www"));

        Vocabulary {
            stopwords = Set.copyOf(stopwords);
        }

        /** Whether a word is a stopword (ignoring case). */
        boolean stopword(String word) {
            return stopwords.contains(word.toLowerCase(Locale.ROOT));
        }

        /** Whether the index holds a word: its length in characters, and not a stopword. */
        boolean indexed(String word) {
            int length = word.codePointCount(0, word.length());
            return length >= min && length <= max && !stopword(word);
        }

        /**
         * The server's: its token sizes, and the default list together with the words of the server's
         * and the session's stopword tables when set (a word left out that the index holds only
         * widens the answer; a word required that it lacks would empty it). The defaults when the
         * variables cannot be read.
         */
        static Vocabulary read(DataSource dataSource) {
            try (Connection c = dataSource.getConnection();
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT @@innodb_ft_min_token_size, @@innodb_ft_max_token_size,"
                            + " @@innodb_ft_server_stopword_table, @@innodb_ft_user_stopword_table")) {
                if (!rs.next()) {
                    return DEFAULT;
                }
                int min = rs.getInt(1);
                int max = rs.getInt(2);
                Set<String> stopwords = new HashSet<>(DEFAULT.stopwords());
                for (String table : new String[] {rs.getString(3), rs.getString(4)}) {
                    Matcher m = table == null ? null : STOPWORD_TABLE.matcher(table);
                    if (m != null && m.matches()) {
                        try (Statement words = c.createStatement();
                                ResultSet w = words.executeQuery(
                                        "SELECT `value` FROM `" + m.group(1) + "`.`" + m.group(2) + "`")) {
                            while (w.next()) {
                                if (w.getString(1) != null) {
                                    stopwords.add(w.getString(1).toLowerCase(Locale.ROOT));
                                }
                            }
                        }
                    }
                }
                return new Vocabulary(Math.max(1, min), Math.max(min, max), stopwords);
            } catch (SQLException e) {
                return DEFAULT;
            }
        }
    }

    /** A stopword table variable's {@code db/table}, names of plain characters only (they are written into SQL). */
    private static final Pattern STOPWORD_TABLE = Pattern.compile("([A-Za-z0-9_$]{1,64})/([A-Za-z0-9_$]{1,64})");

    private InnoDbFullText() {}

    /**
     * The column's expression over the quoted document column {@code document}: the JSON text's
     * string values (not keys, numbers, booleans or null; nested ones too), escapes as separators, all
     * runs of non-word characters as one space. Deterministic built-ins only, possessive patterns
     * (linear in the text).
     */
    static String expression(String document) {
        String strings = "REGEXP_REPLACE(" + document + ", "
                + literal("\"(?:[^\"\\\\]++|\\\\.)*+\"\\s*+:|\"((?:[^\"\\\\]++|\\\\.)*+)\"|[^\"]++") + ", "
                + literal(" \\1 ") + ")";
        String unescaped = "REGEXP_REPLACE(" + strings + ", " + literal("\\\\(?:u[0-9A-Fa-f]{4}|.)") + ", ' ')";
        return "TRIM(REGEXP_REPLACE(" + unescaped + ", " + literal("[^\\p{L}\\p{M}\\p{N}_]++") + ", ' '))";
    }

    /**
     * A SQL string of {@code text} (which holds no {@code '}) with each backslash as {@code CHAR(92)}:
     * the DDL means the same under {@code NO_BACKSLASH_ESCAPES}.
     */
    private static String literal(String text) {
        return "CONCAT('" + text.replace("\\", "', CHAR(92 USING utf8mb4), '") + "')";
    }

    /** The statements that add the column and its index to the objects table (idempotent). */
    static List<String> ddl(MySqlDialect dialect, String objectsTable, String document, String column) {
        return List.of(
                "ALTER TABLE " + dialect.quoteIdentifier(objectsTable) + " ADD COLUMN IF NOT EXISTS "
                        + dialect.quoteIdentifier(column) + " LONGTEXT CHARACTER SET utf8mb4 COLLATE " + COLLATION
                        + " AS (" + expression(dialect.quoteIdentifier(document)) + ") STORED COMMENT '" + COMMENT
                        + "'",
                "CREATE FULLTEXT INDEX IF NOT EXISTS " + dialect.quoteIdentifier(objectsTable + "_" + column) + " ON "
                        + dialect.quoteIdentifier(objectsTable) + " (" + dialect.quoteIdentifier(column) + ")");
    }

    /** The words of a text as the column holds them, once each (ignoring case), in order. */
    static List<String> words(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        int start = -1;
        for (int i = 0; i <= text.length(); ) {
            int cp = i < text.length() ? text.codePointAt(i) : ' ';
            if (isWordChar(cp)) {
                if (start < 0) {
                    start = i;
                }
            } else if (start >= 0) {
                String word = text.substring(start, i);
                out.putIfAbsent(word.toLowerCase(Locale.ROOT), word);
                start = -1;
            }
            i += Character.charCount(cp);
        }
        return new ArrayList<>(out.values());
    }

    private static boolean isWordChar(int cp) {
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER,
                    Character.LOWERCASE_LETTER,
                    Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER,
                    Character.OTHER_LETTER,
                    Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.COMBINING_SPACING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER,
                    Character.OTHER_NUMBER -> true;
            default -> cp == '_';
        };
    }

    /**
     * Writes the condition for {@code text} on the quoted, qualified column: {@code MATCH(c) AGAINST
     * (? IN BOOLEAN MODE)} with every indexed word required ({@code +word}: words hold no operator),
     * and a whole-word {@code LIKE} for each word too short or too long for the index. Stopwords are
     * left out (as PostgreSQL's {@code english} configuration does), unless the text has no other word:
     * then they are whole-word tests. {@code FALSE} for a text without words.
     */
    static void write(SqlWriter w, String column, String text, Vocabulary vocabulary) {
        List<String> words = words(text);
        if (words.isEmpty()) {
            w.append("FALSE"); // punctuation only: no word to find, as PostgreSQL's empty query
            return;
        }
        boolean onlyStopwords = words.stream().allMatch(vocabulary::stopword);
        StringBuilder required = new StringBuilder();
        List<String> others = new ArrayList<>();
        for (String word : words) {
            if (vocabulary.indexed(word)) {
                required.append(required.length() == 0 ? "+" : " +").append(word);
            } else if (onlyStopwords || !vocabulary.stopword(word)) {
                others.add(word);
            }
        }
        String and = "";
        if (required.length() > 0) {
            w.append("MATCH(").append(column).append(") AGAINST (").bind(required.toString());
            w.append(" IN BOOLEAN MODE)");
            and = " AND ";
        }
        for (String word : others) {
            w.append(and)
                    .append("CONCAT(' ', ")
                    .append(column)
                    .append(", ' ') LIKE ")
                    .bind(likeWord(word));
            w.append(" ESCAPE '!'");
            and = " AND ";
        }
    }

    /** {@code % word %}, with {@code !} escaping {@code ! % _}. */
    private static String likeWord(String word) {
        return MySqlDialect.likePattern(io.quarry.filter.MatchOp.CONTAINS, " " + word + " ");
    }
}
