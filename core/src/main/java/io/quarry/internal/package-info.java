/**
 * Shared helpers used across the packages of quarry-core: numeric literals, ISO-8601 date-times,
 * code-point string order and name suggestions (portable regular expressions are in {@code
 * io.quarry.regex}).
 *
 * <p><strong>Not a supported API.</strong> These classes are public only so that other packages of
 * quarry-core can share them; they may change or disappear without notice in any release.
 */
package io.quarry.internal;
