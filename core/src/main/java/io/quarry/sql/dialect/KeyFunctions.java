package io.quarry.sql.dialect;

/**
 * The SQL functions {@link MySqlDialect}'s DDL installs: MariaDB and MySQL have no exact, error-free
 * way to read a JSON number or numeric string, nor an ISO-8601 date-time with offset. Both functions
 * take a raw JSON value, return {@code NULL} for anything that is not a number (a date-time), and
 * use no cast that could warn: {@code "high"}, {@code ""}, {@code "n/a"} and {@code "1e400"} are simply
 * not numbers, as in the evaluator ({@link io.quarry.internal.NumericLiteral},
 * {@link io.quarry.internal.IsoDateTime}).
 *
 * <p>The bodies use no backslash in string literals, so they mean the same under
 * {@code NO_BACKSLASH_ESCAPES}; the patterns end in {@code #$} on the value with {@code '#'} appended,
 * so a final newline cannot slip past {@code $}; {@code (?-imsx)} switches off the server's default
 * regex flags. The validating pattern's adjacent parts never overlap, so matching is linear.
 */
final class KeyFunctions {
    private KeyFunctions() {}

    /** The CREATE FUNCTION of {@link MySqlDialect#NUMBER_KEY}: the key of {@link NumberKey}, exactly. */
    static String number() {
        String ws = "CONCAT(' ', CHAR(9 USING utf8mb4), CHAR(10 USING utf8mb4), CHAR(13 USING utf8mb4))";
        return "CREATE FUNCTION IF NOT EXISTS " + MySqlDialect.NUMBER_KEY
                + "(j LONGTEXT CHARACTER SET utf8mb4) RETURNS VARCHAR(16383) CHARACTER SET ascii COLLATE ascii_bin"
                + " DETERMINISTIC NO SQL BEGIN"
                + " DECLARE s, ip, fp, digits, sig, ex LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '';"
                + " DECLARE ws VARCHAR(4) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT " + ws + ";"
                + " DECLARE neg, expneg, huge, p INT DEFAULT 0;"
                + " DECLARE e, lead BIGINT DEFAULT 0;"
                + " IF j IS NULL THEN RETURN NULL; END IF;"
                + " IF JSON_TYPE(j) = 'STRING' THEN SET s = JSON_UNQUOTE(j);"
                + " ELSEIF JSON_TYPE(j) IN ('INTEGER', 'DOUBLE', 'DECIMAL', 'UNSIGNED INTEGER') THEN SET s = j;"
                + " ELSE RETURN NULL; END IF;"
                + " IF CHAR_LENGTH(s) > 16000 OR NOT (CONCAT(s, '#') REGEXP CONCAT('(?-imsx)^[', ws,"
                + " ']*[+-]?(?:[0-9]+(?:[.][0-9]*)?|[.][0-9]+)(?:[eE][+-]?[0-9]+)?[', ws, ']*#$')) THEN"
                + " RETURN NULL; END IF;"
                + " SET s = LOWER(REPLACE(REPLACE(REPLACE(REPLACE(s, ' ', ''), CHAR(9 USING utf8mb4), ''),"
                + " CHAR(10 USING utf8mb4), ''), CHAR(13 USING utf8mb4), ''));"
                + " IF LEFT(s, 1) = '-' THEN SET neg = 1, s = SUBSTRING(s, 2);"
                + " ELSEIF LEFT(s, 1) = '+' THEN SET s = SUBSTRING(s, 2); END IF;"
                + " SET p = LOCATE('e', s);"
                + " IF p > 0 THEN"
                + " SET ex = SUBSTRING(s, p + 1), s = LEFT(s, p - 1);"
                + " IF LEFT(ex, 1) = '-' THEN SET expneg = 1, ex = SUBSTRING(ex, 2);"
                + " ELSEIF LEFT(ex, 1) = '+' THEN SET ex = SUBSTRING(ex, 2); END IF;"
                + " SET ex = TRIM(LEADING '0' FROM ex);"
                + " IF CHAR_LENGTH(ex) > 18 THEN SET huge = 1;"
                + " ELSEIF ex <> '' THEN SET e = CAST(ex AS SIGNED); END IF;"
                + " IF expneg = 1 THEN SET e = -e; END IF;"
                + " END IF;"
                + " SET p = LOCATE('.', s);"
                + " IF p > 0 THEN SET ip = LEFT(s, p - 1), fp = SUBSTRING(s, p + 1); ELSE SET ip = s, fp = ''; END IF;"
                + " SET digits = CONCAT(ip, fp);"
                + " SET sig = TRIM(LEADING '0' FROM digits);"
                + " IF sig = '' THEN RETURN '1'; END IF;"
                + " IF huge = 1 THEN RETURN NULL; END IF;"
                + " SET lead = CHAR_LENGTH(ip) - 1 - (CHAR_LENGTH(digits) - CHAR_LENGTH(sig)) + e;"
                + " SET sig = TRIM(TRAILING '0' FROM sig);"
                + " IF lead > 308 OR lead < -324"
                + " OR (lead = 308 AND sig >= '" + NumberKey.digits(NumberKey.OVERFLOW) + "')"
                + " OR (lead = -324 AND sig <= '" + NumberKey.digits(NumberKey.UNDERFLOW)
                + "') THEN RETURN NULL; END IF;"
                + " IF neg = 0 THEN RETURN CONCAT('2', LPAD(lead + 400, 3, '0'), sig); END IF;"
                + " RETURN CONCAT('0', LPAD(599 - lead, 3, '0'), " + complement("sig") + ", '~');"
                + " END";
    }

    /** Replaces each digit d by 9 - d, through letters so that no digit is replaced twice. */
    static String complement(String expression) {
        String s = expression;
        for (int d = 0; d <= 9; d++) {
            s = "REPLACE(" + s + ", '" + d + "', '" + (char) ('a' + d) + "')";
        }
        for (int d = 0; d <= 9; d++) {
            s = "REPLACE(" + s + ", '" + (char) ('a' + d) + "', '" + (9 - d) + "')";
        }
        return s;
    }

    /** The CREATE FUNCTION of {@link MySqlDialect#INSTANT_KEY}: epoch microseconds, as the evaluator reads the string. */
    static String instant() {
        return "CREATE FUNCTION IF NOT EXISTS " + MySqlDialect.INSTANT_KEY
                + "(j LONGTEXT CHARACTER SET utf8mb4) RETURNS BIGINT DETERMINISTIC NO SQL BEGIN"
                + " DECLARE s VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '';"
                + " DECLARE n, p, fl INT DEFAULT 0;"
                + " DECLARE y, mo, d, h, mi, se, fr, off, yy, era, yoe, doy, days BIGINT DEFAULT 0;"
                + " IF j IS NULL OR NOT (JSON_TYPE(j) <=> 'STRING') THEN RETURN NULL; END IF;"
                + " IF CHAR_LENGTH(j) > 250 THEN RETURN NULL; END IF;"
                + " SET s = JSON_UNQUOTE(j), n = CHAR_LENGTH(s);"
                + " IF n < 10 OR n > 32 OR NOT (CONCAT(s, '#') REGEXP '(?-imsx)^[0-9]{4}-[0-9]{2}-[0-9]{2}"
                + "(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.][0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?)?#$')"
                + " THEN RETURN NULL; END IF;"
                + " SET y = CAST(SUBSTRING(s, 1, 4) AS SIGNED), mo = CAST(SUBSTRING(s, 6, 2) AS SIGNED),"
                + " d = CAST(SUBSTRING(s, 9, 2) AS SIGNED);"
                + " IF mo < 1 OR mo > 12 OR d < 1 OR d > CASE WHEN mo = 2 THEN"
                + " IF((y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0, 29, 28)"
                + " WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END THEN RETURN NULL; END IF;"
                + " IF n > 10 THEN"
                + " SET h = CAST(SUBSTRING(s, 12, 2) AS SIGNED), mi = CAST(SUBSTRING(s, 15, 2) AS SIGNED);"
                + " IF SUBSTRING(s, 17, 1) = ':' THEN SET se = CAST(SUBSTRING(s, 18, 2) AS SIGNED); END IF;"
                + " IF h > 23 OR mi > 59 OR se > 59 THEN RETURN NULL; END IF;"
                + " SET p = n + 1;"
                + " IF RIGHT(s, 1) = 'Z' THEN SET p = n;"
                + " ELSEIF SUBSTRING(s, n - 5, 1) IN ('+', '-') THEN"
                + " SET p = n - 5, off = CAST(SUBSTRING(s, n - 4, 2) AS SIGNED) * 60"
                + " + CAST(SUBSTRING(s, n - 1, 2) AS SIGNED);"
                + " IF CAST(SUBSTRING(s, n - 1, 2) AS SIGNED) > 59 OR off > 1080 THEN RETURN NULL; END IF;"
                + " IF SUBSTRING(s, n - 5, 1) = '-' THEN SET off = -off; END IF;"
                + " END IF;"
                + " IF SUBSTRING(s, 20, 1) = '.' THEN"
                + " SET fl = p - 21, fr = CAST(RPAD(SUBSTRING(s, 21, fl), 6, '0') AS SIGNED);"
                + " END IF;"
                + " END IF;"
                + " SET yy = y - IF(mo <= 2, 1, 0);"
                + " SET era = FLOOR(yy / 400);"
                + " SET yoe = yy - era * 400;"
                + " SET doy = FLOOR((153 * (mo + IF(mo > 2, -3, 9)) + 2) / 5) + d - 1;"
                + " SET days = era * 146097 + yoe * 365 + FLOOR(yoe / 4) - FLOOR(yoe / 100) + doy - 719468;"
                + " RETURN ((days * 86400 + h * 3600 + mi * 60 + se) - off * 60) * 1000000 + fr;"
                + " END";
    }
}
