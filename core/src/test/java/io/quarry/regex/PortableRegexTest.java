package io.quarry.regex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PortableRegexTest {

    private static final String KELVIN = "\u212A";
    private static final String LONG_S = "\u017F";

    static Stream<Arguments> violations() {
        return Stream.of(
                // lookaround
                reject("a(?=b)", "lookahead '(?=' at position 1 is not supported; portable patterns allow"),
                reject("a(?!b)", "negative lookahead '(?!' at position 1"),
                reject("(?<=a)b", "lookbehind '(?<=' at position 0"),
                reject("(?<!a)b", "negative lookbehind '(?<!' at position 0"),
                // backreferences
                reject("(a)\\1", "backreference '\\1' at position 3"),
                reject("(a)\\12", "backreference '\\12' at position 3"),
                reject("(?<n>a)", "named group '(?<' at position 0 is not supported; use a plain group (...)"),
                reject("\\k<n>", "named backreference '\\k' at position 0"),
                reject("(?P=n)", "named backreference '(?P=' at position 0"),
                // possessive and lazy quantifiers
                reject("a*+", "possessive quantifier '*+' at position 1 is not supported; use '*' instead"),
                reject("a++", "possessive quantifier '++' at position 1"),
                reject("a?+", "possessive quantifier '?+' at position 1"),
                reject("a{2}+", "possessive quantifier '{2}+' at position 1"),
                reject("a*?", "lazy quantifier '*?' at position 1 is not supported; use '*' instead"),
                reject("ab+?", "lazy quantifier '+?' at position 2"),
                reject("a??", "lazy quantifier '??' at position 1"),
                reject("a{2,3}?", "lazy quantifier '{2,3}?' at position 1"),
                reject("a{2,}?", "lazy quantifier '{2,}?' at position 1"),
                // inline flags and other group syntax
                reject(
                        "(?i)abc",
                        "inline flags '(?i)' at position 0 are not supported; for case-insensitive"
                                + " matching use \"$options\": \"i\""),
                reject("x(?i:abc)", "inline flags '(?i:' at position 1"),
                reject("(?-i)a", "inline flags '(?-i)' at position 0"),
                reject("(?ims)a", "inline flags '(?ims)' at position 0"),
                reject("(?x) a", "inline flags '(?x)' at position 0"),
                reject("(?P<name>a)", "named group '(?P<' at position 0"),
                reject("(?'n'a)", "named group '(?'' at position 0"),
                reject("(?>a)", "atomic group '(?>' at position 0"),
                reject("(?#note)a", "comment '(?#' at position 0"),
                reject("(?(1)a|b)", "conditional '(?(' at position 0"),
                reject("(?|a)", "branch reset group '(?|' at position 0"),
                reject("(?R)", "group syntax '(?R' at position 0"),
                reject("a(?", "incomplete group '(?' at position 1"),
                // Unicode classes
                reject("\\p{L}", "Unicode class '\\p{L}' at position 0 is not supported; use explicit ranges"),
                reject("a\\P{Lu}", "Unicode class '\\P{Lu}' at position 1"),
                reject("\\pL", "Unicode class '\\pL' at position 0"),
                reject("[\\p{L}]", "Unicode class '\\p{L}' at position 1"),
                // anchors and boundaries
                reject("\\bword", "word boundary '\\b' at position 0 is not supported; match the neighbouring"),
                reject("a\\B", "non-word-boundary '\\B' at position 1"),
                reject("\\Aa", "anchor '\\A' at position 0 is not supported; use ^"),
                reject("a\\z", "anchor '\\z' at position 1 is not supported; use $"),
                reject("a\\Z", "anchor '\\Z' at position 1"),
                reject("\\Ga", "anchor '\\G' at position 0"),
                // escapes that are not portable
                reject("\\x41", "hex escape '\\x41' at position 0 is not supported; write the character itself"),
                reject("\\x{1F600}", "hex escape '\\x{1F600}' at position 0"),
                reject("\\u0041", "Unicode escape '\\u0041' at position 0"),
                reject("\\0", "octal escape '\\0' at position 0"),
                reject("a\\012", "octal escape '\\012' at position 1"),
                reject("\\q", "escape '\\q' at position 0 is not supported"),
                reject("\\f", "escape '\\f' at position 0"),
                reject("\\v", "escape '\\v' at position 0"),
                reject("\\e", "escape '\\e' at position 0"),
                reject("\\cA", "escape '\\c' at position 0"),
                reject("\\h", "escape '\\h' at position 0"),
                reject("\\Qa.b\\E", "quoting '\\Q' at position 0"),
                reject("\\#", "escape '\\#' at position 0 is not supported; write '#' without the backslash"),
                reject("\\<", "escape '\\<' at position 0"),
                reject("\\&", "escape '\\&' at position 0"),
                reject("\\ ", "escape '\\ ' at position 0"),
                reject("\\\u00e9", "escape '\\\u00e9' at position 0"),
                reject("[\\b]", "escape '\\b' at position 1"),
                reject("[\\x41]", "hex escape '\\x41' at position 1"),
                reject("[\\q]", "escape '\\q' at position 1"),
                reject("a\\", "lone '\\' at position 1; write \\\\ to match a backslash"),
                reject("[a\\", "lone '\\' at position 2"),
                // braces
                reject("a{", "'{' at position 1 does not start a quantifier {m}, {m,} or {m,n}; escape it as \\{"),
                reject("a{,3}", "'{' at position 1 does not start a quantifier"),
                reject("a{x}", "'{' at position 1 does not start a quantifier"),
                reject("a{1,2,3}", "'{' at position 1 does not start a quantifier"),
                reject("a{ 1}", "'{' at position 1 does not start a quantifier"),
                reject("a{1 }", "'{' at position 1 does not start a quantifier"),
                reject("{abc}", "'{' at position 0 does not start a quantifier"),
                reject("a{-1}", "'{' at position 1 does not start a quantifier"),
                reject("a{\u0661}", "'{' at position 1 does not start a quantifier"),
                reject("a}", "unbalanced '}' at position 1; escape it as \\}"),
                reject("a{2}}", "unbalanced '}' at position 4"),
                // nothing to repeat
                reject("*a", "quantifier '*' at position 0 has nothing to repeat; escape it with \\"),
                reject("+", "quantifier '+' at position 0 has nothing to repeat"),
                reject("?", "quantifier '?' at position 0 has nothing to repeat"),
                reject("{2}", "quantifier '{2}' at position 0 has nothing to repeat"),
                reject("a|*b", "quantifier '*' at position 2 has nothing to repeat"),
                reject("(*a)", "quantifier '*' at position 1 has nothing to repeat"),
                reject("(?:+a)", "quantifier '+' at position 3 has nothing to repeat"),
                reject("a**", "quantifier '*' at position 2 has nothing to repeat (it follows the quantifier '*')"),
                reject("a+*", "quantifier '*' at position 2 has nothing to repeat"),
                reject("a?*", "quantifier '*' at position 2 has nothing to repeat"),
                reject("a{2}{3}", "quantifier '{3}' at position 4 has nothing to repeat"),
                reject("a*{2}", "quantifier '{2}' at position 2 has nothing to repeat"),
                reject("^*", "quantifier '*' at position 1 cannot repeat the anchor '^'"),
                reject("a$+", "quantifier '+' at position 2 cannot repeat the anchor '$'"),
                reject("^{2}", "quantifier '{2}' at position 1 cannot repeat the anchor '^'"),
                // counts
                reject("a{1001}", "repetition '{1001}' at position 1 exceeds the maximum count of 1000"),
                reject("a{1,1001}", "repetition '{1,1001}' at position 1 exceeds the maximum count of 1000"),
                reject("a{1001,}", "repetition '{1001,}' at position 1 exceeds the maximum count of 1000"),
                reject("a{99999999999999999999}", "repetition '{99999999999999999999}' at position 1 exceeds"),
                reject("a{5,2}", "repetition '{5,2}' at position 1 has its minimum above its maximum; write {2,5}"),
                reject(
                        "(a{100}){11}",
                        "repetition '{11}' at position 8 makes the pattern too big: written out, its copies come to"
                                + " 1100, more than 1000 (counts multiply when repetitions nest, and add up along the"
                                + " pattern); use smaller counts, or * or + for any number"),
                reject("((a{10}b){10}){11}", "its copies come to 1210, more than 1000"),
                reject("(a{0,1000}){2}", "its copies come to 2000, more than 1000"),
                reject("(a{500}b){3}", "its copies come to 1503, more than 1000"),
                reject("(((a{1000}){1000}){1000})", "its copies come to 1000000, more than 1000"),
                reject(
                        ".{0,1000}z",
                        "the pattern is too big from position 9 on: written out, its parts come to 1001, more than"
                                + " 1000"),
                reject(".{0,1000}.{0,1000}.{0,1000}z", "from position 9 on: written out, its parts come to 2000"),
                reject(".{0,1000}".repeat(28), "from position 9 on: written out, its parts come to 2000"),
                reject("a{500}|b{501}", "from position 7 on: written out, its parts come to 1001"),
                reject("a{1000,}", "its copies come to 1001, more than 1000"),
                // nested unbounded repetitions
                reject(
                        "(.*){1000}",
                        "repetition '{1000}' at position 4 repeats a part that has an unbounded repetition (* + or"
                                + " {m,}) inside; give the inner one a bound such as {0,20}, or repeat only the part"
                                + " outside it"),
                reject("(a+)+", "repetition '+' at position 4 repeats a part that has an unbounded repetition"),
                reject("(a*)*", "repetition '*' at position 4 repeats a part that has an unbounded"),
                reject("(\\w+\\s)*", "repetition '*' at position 7 repeats a part that has an unbounded"),
                reject("((a{2,})b){2}", "repetition '{2}' at position 10 repeats a part that has an unbounded"),
                reject("(x(a|b*)c){0,2}", "repetition '{0,2}' at position 10 repeats a part that has an unbounded"),
                // repetitions of a part that can match nothing
                reject(
                        "(.?){25}0{4}",
                        "repetition '{25}' at position 4 repeats a part that can match nothing, so its copies can"
                                + " split a text in too many ways; make the repeated part match at least one character"
                                + " and put the choice in the count, e.g. .{0,25} instead of (.?){25}"),
                reject("(a|){9}", "repetition '{9}' at position 4 repeats a part that can match nothing"),
                reject("(a?b?)*", "repetition '*' at position 6 repeats a part that can match nothing"),
                reject(
                        "(?:.?\\w{0,9}|b){25}",
                        "repetition '{25}' at position 15 repeats a part that can match nothing"),
                reject("((a?)){2}", "repetition '{2}' at position 6 repeats a part that can match nothing"),
                // a repeated part counts at least 1 a copy: a big program of nothing but anchors
                reject("((?:$|^){300}){0,300}", "its copies come to 90000, more than 1000"),
                // parentheses and brackets
                reject("(a", "unclosed group '(' at position 0; add ')' to close it, or escape it as \\("),
                reject("(a(b)", "unclosed group '(' at position 0"),
                reject("a)", "unbalanced ')' at position 1; escape it as \\)"),
                reject("(a))", "unbalanced ')' at position 3"),
                reject("[a", "unclosed class '[' at position 0; add ']' to close it, or escape it as \\["),
                reject("[", "unclosed class '[' at position 0"),
                reject("[^", "unclosed class '[' at position 0"),
                reject("a]", "unbalanced ']' at position 1; escape it as \\]"),
                reject("[]", "empty class '[]' at position 0; to match ']' write \\]"),
                reject("[^]", "empty class '[^]' at position 0"),
                reject("[]a]", "empty class '[]' at position 0"),
                reject("x[a[b]]", "'[' at position 3 inside a class must be escaped as \\["),
                reject("[[:alpha:]]", "POSIX class '[:alpha:]' at position 1 is not supported"),
                reject("[[=a=]]", "POSIX class '[=a=]' at position 1"),
                reject("[a&&b]", "'&&' at position 2 inside a class is not portable"),
                // ranges and hyphens
                reject("[z-a]", "reversed range 'z-a' at position 1 in a class; write the lower character first"),
                reject("[\\.-\\-]", "reversed range '\\.-\\-' at position 1"),
                reject("[\\d-z]", "range at position 1 starts with the class '\\d'; escape the '-' as \\-"),
                reject("[a-\\d]", "range at position 1 ends in the class '\\d'; escape the '-' as \\-"),
                reject("[a-z-0]", "'-' at position 4 in a class is ambiguous; escape it as \\-"),
                reject("[a--]", "'-' at position 3 in a class is ambiguous"),
                reject("[--/]", "'-' at position 1 in a class is ambiguous"),
                reject("[a-b-c]", "'-' at position 4 in a class is ambiguous"),
                // nesting
                reject("(".repeat(101) + ")".repeat(101), "group at position 100 is nested more than 100 deep"));
    }

    private static Arguments reject(String pattern, String message) {
        return Arguments.of(pattern, message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("violations")
    void rejectsWithAMessageNamingTheConstruct(String pattern, String message) {
        assertThat(PortableRegex.violation(pattern))
                .hasValueSatisfying(m -> assertThat(m).contains(message));
        assertThatThrownBy(() -> PortableRegex.compile(pattern, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(PortableRegex.violation(pattern).orElseThrow());
        assertThatThrownBy(() -> PortableRegex.find(pattern, true, "abc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theGenericHintListsWhatIsAllowed() {
        assertThat(PortableRegex.violation("a(?=b)"))
                .contains("lookahead '(?=' at position 1 is not supported; portable patterns allow literals, .,"
                        + " [...], \\d \\w \\s, ^ $, groups, | and the quantifiers * + ? {m,n}");
    }

    @Test
    void positionsCountCodePoints() {
        assertThat(PortableRegex.violation("\uD83D\uDE00\uD83D\uDE00(?=x)"))
                .hasValueSatisfying(m -> assertThat(m).contains("at position 2"));
    }

    static Stream<String> portable() {
        return Stream.of(
                "",
                "abc",
                "a.c",
                "^abc$",
                "a|b|",
                "|",
                "()",
                "(?:)",
                "()*",
                "(^)*a",
                "(a|b)*c+d?",
                "(?:ab){2}",
                "a{0}",
                "a{01}",
                "a{0,0}",
                "a{1000}",
                "a{2,}",
                "a{2,5}",
                "(a{10}){100}",
                "((a{10}){10}){10}",
                "(a*)?",
                "(a{0,20}b)*",
                "a*b+c{2,}",
                "a{499}b{499}",
                "a{999,}",
                "(a|b){500}",
                "[abc]",
                "[^abc]",
                "[a-z]",
                "[a-a]",
                "[-a]",
                "[a-]",
                "[^-a]",
                "[-]",
                "[a-z-]",
                "[\\w.-]",
                "[\\d\\s\\w\\D\\S\\W]",
                "[\\]\\[\\\\\\^\\-]",
                "[.$*+?(){}|/^]",
                "[a^]",
                "[\\t\\n\\r]",
                "[&]",
                "[a&b]",
                "[ -~]",
                "[\uD83D\uDE00-\uD83D\uDE4F]",
                "\\d\\w\\s\\D\\W\\S",
                "\\\\\\.\\^\\$\\|\\?\\*\\+\\(\\)\\[\\]\\{\\}\\/\\-",
                "\\t\\n\\r",
                "a^b",
                "a$b",
                "/path/to-file#x&y@z~!\"'%,;:<>=`",
                "caf\u00e9",
                "\uD800",
                "\uD83D\uDE00+",
                "a b\tc\nd",
                "(".repeat(100) + "a" + ")".repeat(100));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("portable")
    void acceptsPortablePatterns(String pattern) {
        assertThat(PortableRegex.violation(pattern)).isEmpty();
        assertThat(PortableRegex.compile(pattern, false)).isNotNull();
        assertThat(PortableRegex.compile(pattern, true)).isNotNull();
    }

    static Stream<Arguments> matches() {
        return Stream.of(
                // unanchored find; ^ and $ only at the very start and end of the text
                match("b", false, "abc", true),
                match("abc$", false, "abc", true),
                match("abc$", false, "abc\n", false),
                match("abc$", false, "xabc", true),
                match("^abc", false, "xabc", false),
                match("^abc", false, "x\nabc", false),
                match("^$", false, "", true),
                match("^$", false, "\n", false),
                match("a$|b", false, "ab", true),
                match("a^b", false, "ab", false),
                // . is one code point other than \n
                match("a.c", false, "a\nc", false),
                match("a.c", false, "a\rc", true),
                match("a.c", false, "a\u2028c", true),
                match("a.c", false, "a\u0085c", true),
                match("^.$", false, "\uD83D\uDE00", true),
                match("^..$", false, "\uD83D\uDE00", false),
                match("a.c", false, "a\uD83Dc", true),
                // \d \w \s are ASCII
                match("\\d", false, "7", true),
                match("\\d", false, "\u0663", false),
                match("\\d", false, "\uFF15", false),
                match("\\D", false, "\u0663", true),
                match("\\w", false, "_", true),
                match("\\w", false, "\u00e9", false),
                match("\\w", false, "\u0663", false),
                match("\\W", false, "\u00e9", true),
                match("\\s", false, " ", true),
                match("\\s", false, "\t", true),
                match("\\s", false, "\n", true),
                match("\\s", false, "\r", true),
                match("\\s", false, "\u000B", true),
                match("\\s", false, "\f", true),
                match("\\s", false, "\u00a0", false),
                match("\\s", false, "\u2003", false),
                match("\\s", false, "\u3000", false),
                match("\\s", false, "\u0085", false),
                match("\\S", false, "\u00a0", true),
                match("[\\s]", false, "\u00a0", false),
                match("[^\\s]", false, "\u00a0", true),
                match("[\\d]", false, "\u0663", false),
                // case-insensitivity folds literals and ranges, never \d \w \s
                match("abc", false, "ABC", false),
                match("abc", true, "ABC", true),
                match("[a-c]+$", true, "CAB", true),
                match("[^a]", true, "A", false),
                match("caf\u00e9", true, "CAF\u00c9", true),
                match("k", true, KELVIN, true),
                match("s", true, LONG_S, true),
                match("K", true, KELVIN, true),
                match(KELVIN, true, "k", true),
                match("i", true, "\u0130", false),
                match("I", true, "\u0131", false),
                match("\u0130", true, "i", false),
                match("\u0130", true, "\u0130", true),
                match("\u00df", true, "\u1E9E", true),
                match("\u00b5", true, "\u03bc", true),
                match("\u00b5", true, "\u039c", true),
                match("\u03c3", true, "\u03c2", true),
                match("\u03a3", true, "\u03c2", true),
                match("\uD801\uDC00", true, "\uD801\uDC28", true),
                match("\u1C80", true, "\u0412", true),
                match("\u1C80", true, "\u0432", true),
                match("\u0432", true, "\u1C80", true),
                match("[\u1C80-\u1C88]", true, "\uA64B", true),
                match("[\u0410-\u042F]+$", true, "\u0432\u1C80", true),
                match("[^\u0432]", true, "\u1C80", false),
                match("[^k]", true, KELVIN, false),
                match("\\w", true, KELVIN, false),
                match("\\w", true, LONG_S, false),
                match("\\w", true, "K", true),
                match("\\W", true, KELVIN, true),
                match("\\W", true, "k", false),
                match("[\\w]", true, KELVIN, false),
                match("[\\w\u00e9]", true, "\u00c9", true),
                match("[\\w\u00e9]", true, KELVIN, false),
                match("[k\\w]", true, KELVIN, true),
                match("[^\\w]", true, KELVIN, true),
                match("[^a\\w]", true, KELVIN, true),
                match("[^a\\w]", true, "A", false),
                match("[^a\\w]", true, "-", true),
                match("[^k\\w]", true, KELVIN, false),
                match("[^a\\W]", true, "b", true),
                match("[^a\\W]", true, "A", false),
                match("[^a\\W]", true, KELVIN, false),
                match("[^a\\s]", true, "A", false),
                match("[^a\\s]", true, "\u00e9", true),
                match("[^a\\s]", true, KELVIN, true),
                match("[^k\\s]", true, KELVIN, false),
                match("[^k\\s]", true, LONG_S, true),
                match("[^s\\d]", true, LONG_S, false),
                match("[^s\\d]", true, "x", true),
                match("[^\\d\\W]", true, "k", true),
                match("[^k\\d\\W]", true, "K", false),
                match("[^\u00e9\\s]", true, "\u00c9", false),
                match("[^\\w\\W]", false, "a", false),
                // literals
                match("\\.", false, "a", false),
                match("\\.", false, ".", true),
                match("\\/\\-", false, "/-", true),
                match("\\t", false, "\t", true),
                match("\\n", false, "\n", true),
                match("\\r", false, "\r", true),
                match("\\\\", false, "\\", true),
                match("a b", false, "a b", true),
                match("#&%", false, "#&%", true),
                match("\uD800", false, "\uD800", true),
                match("\uD800", false, "\uD800\uDC00", false),
                // classes
                match("[a-]", false, "-", true),
                match("[-a]", false, "-", true),
                match("[^-]", false, "-", false),
                match("[^-]", false, "x", true),
                match("[\\]]", false, "]", true),
                match("[\\[]", false, "[", true),
                match("[a^]", false, "^", true),
                match("[.]", false, "a", false),
                match("[$]", false, "$", true),
                match("[\uD83D\uDE00-\uD83D\uDE4F]", false, "\uD83D\uDE01", true),
                match("[\uD83D\uDE00-\uD83D\uDE4F]", false, "\uFFFF", false),
                // quantifiers and groups
                match("^a{2}$", false, "a", false),
                match("^a{2}$", false, "aa", true),
                match("^a{2,3}$", false, "aaaa", false),
                match("^a{2,}$", false, "aaaaa", true),
                match("^a{01}$", false, "a", true),
                match("^a{01}$", false, "a{01}", false),
                match("^a{0}$", false, "", true),
                match("^(?:ab)+$", false, "abab", true),
                match("^(ab|cd)$", false, "cd", true),
                match("^(ab|cd)$", false, "abcd", false),
                match("^(a{10}){100}$", false, "a".repeat(1000), true),
                match("a|", false, "zzz", true),
                match("", false, "", true));
    }

    private static Arguments match(String pattern, boolean caseInsensitive, String input, boolean expected) {
        return Arguments.of(pattern, caseInsensitive, input, expected);
    }

    @ParameterizedTest(name = "[{index}] /{0}/ ci={1} on \"{2}\" -> {3}")
    @MethodSource("matches")
    void matchesWithTheContractsSemantics(String pattern, boolean caseInsensitive, String input, boolean expected) {
        assertThat(PortableRegex.compile(pattern, caseInsensitive)
                        .matcher(input)
                        .find())
                .isEqualTo(expected);
        assertThat(PortableRegex.find(pattern, caseInsensitive, input)).isEqualTo(expected);
    }

    @Test
    void quotesLiterals() {
        String all = "\\.^$|?*+()[]{}/-a b\t\n#";
        for (String literal : List.of(all, "a.b*c", "", "{1}", "\uD83D\uDE00", "\uD800", "x\\")) {
            String quoted = PortableRegex.quote(literal);
            assertThat(PortableRegex.violation(quoted)).as(quoted).isEmpty();
            assertThat(PortableRegex.compile("^" + quoted + "$", false)
                            .matcher(literal)
                            .find())
                    .isTrue();
        }
        assertThat(PortableRegex.find(PortableRegex.quote("a.b*c"), false, "axbbbc"))
                .isFalse();
        assertThat(PortableRegex.find(PortableRegex.quote("50%_off"), true, "GET 50%_OFF NOW"))
                .isTrue();
        assertThat(PortableRegex.quote("a.b")).isEqualTo("a\\.b");
    }

    @Test
    void compilesPathologicalPatternsInLinearTime() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            assertThat(PortableRegex.violation("(x+x+)+y")).isPresent();
            assertThat(PortableRegex.violation("(.*a){20}")).isPresent();
            assertThat(PortableRegex.find("(a|aa)*b", false, "a".repeat(100_000)))
                    .isFalse();
            assertThat(PortableRegex.find("(.{0,10}a){20}", false, "a".repeat(10_000)))
                    .isTrue();
            assertThat(PortableRegex.violation("(".repeat(100_000))).isPresent();
            assertThat(PortableRegex.violation("[".repeat(100_000))).isPresent();
            assertThat(PortableRegex.violation("a{1}".repeat(1_000))).isEmpty();
            assertThat(PortableRegex.violation("a{1}".repeat(10_000))).isPresent();
        });
    }

    static Stream<String> largestPatterns() {
        return Stream.of(
                ".{0,1000}.{0,1000}.{0,1000}z",
                ".{0,1000}".repeat(28),
                ".{0,999}z",
                ".{0,500}.{0,499}z",
                "a{1000}",
                "[a-z]{0,1000}",
                "(.{0,10}){100}",
                "(((((((((a{0,1}){2}){2}){2}){2}){2}){2}){2}){2}){0,1}",
                "(".repeat(99) + ".{0,1000}" + ")".repeat(99),
                "(".repeat(100) + "a" + ")".repeat(100),
                "(".repeat(101) + "a" + ")".repeat(101),
                "(a|b|c){333}",
                "(.*){1000}",
                "x{0,100}".repeat(10) + "y");
    }

    /** Parsing, printing, compiling and matching fit a 512 kB thread stack, accepted or refused. */
    @ParameterizedTest
    @MethodSource("largestPatterns")
    void fitsASmallThreadStack(String pattern) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread thread = new Thread(
                null,
                () -> {
                    try {
                        if (PortableRegex.violation(pattern).isEmpty()) {
                            for (boolean ci : new boolean[] {false, true}) {
                                PortableRegex.find(pattern, ci, "abc".repeat(1000) + "z");
                                PostgresRegex.of(pattern, ci);
                                PcrePrinter.print(Regex.parse(pattern, ci));
                            }
                        }
                    } catch (Throwable e) {
                        failure.set(e);
                    }
                },
                "small-stack",
                512 * 1024);
        thread.start();
        thread.join();
        assertThat(failure.get()).as(pattern).isNull();
    }

    @Test
    void caseInsensitiveCompilationNeverHangs() {
        // RE2/J 1.8 loops forever compiling "(?i)\u1C80" (google/re2j#168); folding is done before RE2/J.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
                if (CaseFolding.orbit(c) != null) {
                    String literal = Character.toString(c);
                    assertThat(PortableRegex.compile(PortableRegex.quote(literal), true)
                                    .matcher(literal)
                                    .find())
                            .isTrue();
                }
            }
            assertThat(PortableRegex.compile("[\u0000-\uFFFF\uD800\uDC00-\uDBFF\uDFFF]", true)
                            .matcher("\u1C80")
                            .find())
                    .isTrue();
            assertThat(PortableRegex.compile("[^ -\uD83D\uDE00]", true)
                            .matcher("a")
                            .find())
                    .isFalse();
        });
    }

    @Test
    void foldsAsciiLettersPairwisePlusKelvinAndLongS() {
        for (int c = 0; c < 0x80; c++) {
            int[] orbit = CaseFolding.orbit(c);
            if (!Character.isLetter(c)) {
                assertThat(orbit).as("U+%04X", c).isNull();
                continue;
            }
            int lower = Character.toLowerCase(c);
            int upper = Character.toUpperCase(c);
            int[] expected =
                    switch (lower) {
                        case 'k' -> new int[] {'K', 'k', 0x212A};
                        case 's' -> new int[] {'S', 's', 0x17F};
                        default -> new int[] {upper, lower};
                    };
            assertThat(orbit).as("U+%04X", c).containsExactly(expected);
        }
        assertThat(CaseFolding.orbit(0x130)).isNull();
        assertThat(CaseFolding.orbit(0x131)).isNull();
        assertThat(CaseFolding.orbit(0x1C80)).containsExactly(0x412, 0x432, 0x1C80);
    }

    @Test
    void cachesABoundedNumberOfPatterns() {
        IntStream.range(0, 600).parallel().forEach(i -> {
            String pattern = "^x" + i + "$";
            assertThat(PortableRegex.find(pattern, i % 2 == 0, "x" + i)).isTrue();
            assertThat(PortableRegex.find(pattern, i % 2 == 0, "x" + i + "0")).isFalse();
        });
        assertThat(PortableRegex.cacheSize()).isLessThanOrEqualTo(256);
        assertThat(PortableRegex.find("^X1$", true, "x1")).isTrue();
        assertThat(PortableRegex.find("^X1$", false, "x1")).isFalse();
    }
}
