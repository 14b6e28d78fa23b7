-- The helper functions of PostgresDialect, installed by its graph layout. Every function is
-- IMMUTABLE and total: dirty values ("high", "", "n/a", arrays, huge numbers) give NULL or an empty
-- range, never an error, so they can back expression indexes. One statement per block; blocks are
-- separated by a line holding only ";;". A helper calls another as @SCHEMA@.name: PostgresDdl
-- creates it in a DO block that puts the schema it is created in (current_schema()) there, so an
-- index's key inlines and evaluates the same from a session whose search path lacks the layout's
-- schema (another application, pg_dump, autovacuum's ANALYZE, which runs with an empty path).

-- The number a JSON value denotes, by the filter language's rules: a JSON number or a string holding
-- a numeric literal, within the double range; NULL for anything else (arrays included).
CREATE OR REPLACE FUNCTION quarry_num(j jsonb) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE
  m text[]; ip text; fp text; sig text; ex text; e bigint := 0; lead bigint; v numeric; n int;
BEGIN
  IF jsonb_typeof(j) = 'number' THEN
    v := j::numeric;
  ELSIF jsonb_typeof(j) = 'string' AND (j #>> '{}') ~ '^-?[0-9]{1,15}$' THEN
    -- the common case, cheaply
    v := (j #>> '{}')::numeric;
  ELSIF jsonb_typeof(j) = 'string' THEN
    m := regexp_match(j #>> '{}',
      '^[ \t\r\n]*([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?)([0-9]+))?[ \t\r\n]*$');
    IF m IS NULL OR (m[2] = '' AND coalesce(m[3], '') = '') THEN
      RETURN NULL;
    END IF;
    ip := ltrim(m[2], '0');
    fp := rtrim(coalesce(m[3], ''), '0');
    IF ip = '' AND fp = '' THEN
      RETURN 0;
    END IF;
    IF m[5] IS NOT NULL THEN
      ex := ltrim(m[5], '0');
      IF length(ex) > 18 THEN
        RETURN NULL;
      END IF;
      e := CASE WHEN ex = '' THEN 0 ELSE ex::bigint END;
      IF m[4] = '-' THEN
        e := -e;
      END IF;
    END IF;
    IF ip <> '' THEN
      lead := length(ip) - 1 + e;
      sig := ip || fp;
    ELSE
      sig := ltrim(fp, '0');
      lead := -(length(fp) - length(sig) + 1) + e;
    END IF;
    IF lead > 308 OR lead < -324 THEN
      RETURN NULL;
    END IF;
    IF length(sig) > 1000 THEN
      -- digits past the 1000th only break ties with operands: a sticky digit keeps the order
      sig := left(sig, 1000) || '1';
    END IF;
    n := length(sig);
    IF lead >= 0 AND n <= lead + 1 THEN
      v := (m[1] || sig || repeat('0', (lead + 1 - n)::int))::numeric;
    ELSIF lead >= 0 THEN
      v := (m[1] || left(sig, (lead + 1)::int) || '.' || substr(sig, (lead + 2)::int))::numeric;
    ELSE
      v := (m[1] || '0.' || repeat('0', (-lead - 1)::int) || sig)::numeric;
    END IF;
  ELSE
    RETURN NULL;
  END IF;
  IF v <> 0 AND (abs(v) >= @OVERFLOW@ OR abs(v) <= @UNDERFLOW@) THEN
    RETURN NULL;
  END IF;
  RETURN v;
END $f$
;;
-- The instant, in epoch microseconds, of a JSON string in the filter language's ISO-8601 subset;
-- NULL for anything else. Pure arithmetic (no timestamptz), so it is immutable and knows year 0000.
CREATE OR REPLACE FUNCTION quarry_instant(j jsonb) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE
  m text[]; y int; mo int; d int; h int := 0; mi int := 0; s int := 0; us bigint := 0; off int := 0;
  yy int; era int; yoe int; doy int; doe int; days bigint; dim int;
BEGIN
  IF jsonb_typeof(j) <> 'string' THEN
    RETURN NULL;
  END IF;
  m := regexp_match(j #>> '{}', '^([0-9]{4})-([0-9]{2})-([0-9]{2})'
    '(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(?:Z|([+-])([0-9]{2}):([0-9]{2}))?)?$');
  IF m IS NULL THEN
    RETURN NULL;
  END IF;
  y := m[1]::int;
  mo := m[2]::int;
  d := m[3]::int;
  -- plpgsql ends an IF condition at the first THEN, so the month length comes first
  dim := CASE
      WHEN mo = 2 THEN CASE WHEN y % 4 = 0 AND (y % 100 <> 0 OR y % 400 = 0) THEN 29 ELSE 28 END
      WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END;
  IF mo < 1 OR mo > 12 OR d < 1 OR d > dim THEN
    RETURN NULL;
  END IF;
  IF m[4] IS NOT NULL THEN
    h := m[4]::int;
    mi := m[5]::int;
    s := coalesce(m[6], '0')::int;
    IF h > 23 OR mi > 59 OR s > 59 THEN
      RETURN NULL;
    END IF;
    IF m[7] IS NOT NULL THEN
      us := rpad(m[7], 6, '0')::bigint;
    END IF;
    IF m[8] IS NOT NULL THEN
      IF m[10]::int > 59 OR m[9]::int * 60 + m[10]::int > 1080 THEN
        RETURN NULL;
      END IF;
      off := (m[9]::int * 60 + m[10]::int) * 60;
      IF m[8] = '-' THEN
        off := -off;
      END IF;
    END IF;
  END IF;
  -- days from the civil date (proleptic Gregorian), as in java.time
  yy := y - (mo <= 2)::int;
  era := floor(yy / 400.0)::int;
  yoe := yy - era * 400;
  doy := (153 * (mo + (CASE WHEN mo > 2 THEN -3 ELSE 9 END)) + 2) / 5 + d - 1;
  doe := yoe * 365 + yoe / 4 - yoe / 100 + doy;
  days := era::bigint * 146097 + doe - 719468;
  RETURN (days * 86400 + h * 3600 + mi * 60 + s - off) * 1000000 + us;
END $f$
;;
-- The numbers of a value: its own, or those of its elements when it is an array; never NULL.
-- (plpgsql: a SQL function with a subquery costs a plan execution per call, 30 times slower.)
CREATE OR REPLACE FUNCTION quarry_nums(j jsonb) RETURNS numeric[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
DECLARE
  e jsonb; n numeric; r numeric[] := '{}';
BEGIN
  IF jsonb_typeof(j) = 'array' THEN
    FOR e IN SELECT jsonb_array_elements(j) LOOP
      n := @SCHEMA@.quarry_num(e);
      IF n IS NOT NULL THEN
        r := r || n;
      END IF;
    END LOOP;
    RETURN r;
  END IF;
  n := @SCHEMA@.quarry_num(j);
  IF n IS NULL THEN
    RETURN r;
  END IF;
  RETURN ARRAY[n];
END $f$
;;
-- From the smallest to the largest number of a value (or its elements); empty when it has none.
-- "Some element > n" is "the range overlaps (n, +inf)", so every comparison is one GiST-indexable
-- overlap on the same expression.
CREATE OR REPLACE FUNCTION quarry_num_range(j jsonb) RETURNS numrange
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
DECLARE
  e jsonb; n numeric; lo numeric; hi numeric;
BEGIN
  IF jsonb_typeof(j) = 'array' THEN
    FOR e IN SELECT jsonb_array_elements(j) LOOP
      n := @SCHEMA@.quarry_num(e);
      IF n IS NOT NULL THEN
        lo := least(lo, n);
        hi := greatest(hi, n);
      END IF;
    END LOOP;
  ELSE
    lo := @SCHEMA@.quarry_num(j);
    hi := lo;
  END IF;
  IF lo IS NULL THEN
    RETURN 'empty';
  END IF;
  RETURN numrange(lo, hi, '[]');
END $f$
;;
-- From the earliest to the latest instant of a value (or its elements); empty when it has none.
CREATE OR REPLACE FUNCTION quarry_instant_range(j jsonb) RETURNS int8range
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
DECLARE
  e jsonb; t bigint; lo bigint; hi bigint;
BEGIN
  IF jsonb_typeof(j) = 'array' THEN
    FOR e IN SELECT jsonb_array_elements(j) LOOP
      t := @SCHEMA@.quarry_instant(e);
      IF t IS NOT NULL THEN
        lo := least(lo, t);
        hi := greatest(hi, t);
      END IF;
    END LOOP;
  ELSE
    lo := @SCHEMA@.quarry_instant(j);
    hi := lo;
  END IF;
  IF lo IS NULL THEN
    RETURN 'empty';
  END IF;
  RETURN int8range(lo, hi, '[]');
END $f$
;;
-- The number of a scalar (quarry_num), as an expression the planner inlines: a JSON number or a
-- string that reads as at most 15 digits, a point and at most 15 digits (exact in numeric, and far
-- inside the double range) straight from its text; anything else through quarry_num; NULL for
-- arrays. The value is read once on the common path: on a json column every reference to it parses
-- the document again. Comparisons and the btree expression indexes of fieldIndexes are written on
-- it, so an index serves "priority > 8". Not STRICT: PostgreSQL inlines a strict SQL function only
-- when its body is strict. (?: ) because substring returns the first capture group.
CREATE OR REPLACE FUNCTION quarry_num_key(j jsonb) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT COALESCE(substring(j #>> '{}' FROM '^-?[0-9]{1,15}(?:\.[0-9]{1,15})?$')::numeric, @SCHEMA@.quarry_num(j))
$f$
;;
-- The instant of a scalar (quarry_instant), the key that comparisons and the DATE btrees of
-- fieldIndexes are written on: a date or a UTC date-time to the second ("2024-06-01",
-- "2024-06-01T10:00:00Z") of the years 1000-9999 by date arithmetic (make_date and date subtraction
-- are immutable; the pattern checks the day exists, month lengths and 29 February of leap years),
-- anything else through quarry_instant; NULL for arrays and every other non-string. PL/pgSQL, so the
-- value is read once per call: inlined as SQL (before issue 27's second round) each of the body's
-- seven mentions of the argument re-read it, for (properties)::jsonb -> 'f' a parse of the stored
-- json document (18 us a call against 6 us here), and the planner, which priced the inlined body as
-- a few operators, walked the newest-first index filtering rows where the key's btree answers. The
-- values are those of the bodies before, so indexes built with them stay valid.
CREATE OR REPLACE FUNCTION quarry_instant_key(j jsonb) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
DECLARE
  t text;
BEGIN
  IF jsonb_typeof(j) <> 'string' THEN
    RETURN NULL;
  END IF;
  t := j #>> '{}';
  IF t ~ '^(?:[1-9][0-9]{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29)(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z)?$' THEN
    t := t || 'T00:00:00Z';
    RETURN (make_date(substr(t, 1, 4)::int, substr(t, 6, 2)::int, substr(t, 9, 2)::int)
          - DATE '1970-01-01')::bigint * 86400000000
        + substr(t, 12, 2)::bigint * 3600000000
        + substr(t, 15, 2)::bigint * 60000000
        + substr(t, 18, 2)::bigint * 1000000;
  END IF;
  RETURN @SCHEMA@.quarry_instant(j);
END $f$
;;
-- The strings of a value: itself when it is a string, its string elements when it is an array.
CREATE OR REPLACE FUNCTION quarry_strings(j jsonb) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT j #>> '{}' WHERE jsonb_typeof(j) = 'string'
  UNION ALL
  SELECT e #>> '{}'
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(j) = 'array' THEN j ELSE '[]' END) e
  WHERE jsonb_typeof(e) = 'string'
$f$
;;
-- The sort bracket of io.quarry.store.ObjectOrder: 0 number, 1 date-time, 2 string, 3 boolean,
-- 4 array or object (or a number outside the double range), 5 missing or null.
CREATE OR REPLACE FUNCTION quarry_bracket(j jsonb) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT CASE
    WHEN j IS NULL OR jsonb_typeof(j) = 'null' THEN 5
    WHEN @SCHEMA@.quarry_num(j) IS NOT NULL THEN 0
    WHEN jsonb_typeof(j) = 'string' THEN CASE WHEN @SCHEMA@.quarry_instant(j) IS NULL THEN 2 ELSE 1 END
    WHEN jsonb_typeof(j) = 'boolean' THEN 3
    ELSE 4 END
$f$
;;
-- The string sort key: the string when the bracket is "other strings", else NULL.
CREATE OR REPLACE FUNCTION quarry_sort_string(j jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $f$
  SELECT CASE WHEN @SCHEMA@.quarry_bracket(j) = 2 THEN j #>> '{}' END
$f$
