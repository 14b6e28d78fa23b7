/**
 * Java functions that embedded databases (H2, SQLite) call from SQL: JSON access, guarded numbers and
 * instants, code-point order and linear-time regular expressions, with exactly the semantics of
 * {@link io.quarry.filter.FilterEvaluator}. Public only because the databases call them; not an API.
 */
package io.quarry.sql.functions;
