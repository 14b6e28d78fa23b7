/**
 * The filter language's portable regular expressions: {@link io.quarry.regex.PortableRegex}
 * validates and runs them (RE2/J), {@link io.quarry.regex.Regex} is the tree every pattern is parsed
 * into once, and the printers write that tree for RE2/J, PCRE (MariaDB, MySQL) and PostgreSQL. For
 * Quarry's own layers; not a supported API.
 */
package io.quarry.regex;
