package io.quarry.tool;

import io.quarry.error.ErrorCode;
import io.quarry.error.QueryException;
import io.quarry.store.ObjectStore;
import io.quarry.store.Scope;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ids near an unknown one ({@code TASK-0001}, {@code task_0001}, {@code proj-1}): a few spellings of
 * it looked up in the caller's scope, so a suggestion is always an object the caller may see. At
 * most {@link #LOOKUPS} lookups per unknown id, and only when the id looks like a prefix and a number.
 */
final class NearIds {
    static final int LOOKUPS = 16;
    private static final Pattern PREFIXED = Pattern.compile("^([A-Za-z]+)[-_ :]?0*(\\d{1,9})$");
    private static final Map<String, List<String>> SHORT = Map.of(
            "project", List.of("proj", "prj"),
            "document", List.of("doc"),
            "requirement", List.of("req"),
            "proj", List.of("project"),
            "doc", List.of("document"),
            "req", List.of("requirement"));

    private NearIds() {}

    /** Up to three ids of objects in the scope that the unknown id most likely meant. */
    static List<String> near(String id, ObjectStore store, Scope scope, SchemaView view) {
        Set<String> variants = new LinkedHashSet<>();
        String lower = id.strip().toLowerCase(Locale.ROOT);
        variants.add(lower);
        variants.add(lower.replace('_', '-').replace(' ', '-'));
        Matcher m = PREFIXED.matcher(id.strip());
        if (m.matches()) {
            String prefix = m.group(1).toLowerCase(Locale.ROOT);
            List<String> prefixes = new ArrayList<>(List.of(prefix));
            if (prefix.endsWith("s")) {
                prefixes.add(prefix.substring(0, prefix.length() - 1));
            }
            prefixes.addAll(SHORT.getOrDefault(prefix, List.of()));
            String number = m.group(2);
            for (String p : prefixes) {
                for (int width = Math.max(number.length(), 2); width <= 5; width++) {
                    variants.add(p + "-" + "0".repeat(width - number.length()) + number);
                }
            }
        }
        variants.remove(id);
        List<String> found = new ArrayList<>();
        int lookups = 0;
        for (String v : variants) {
            if (lookups++ >= LOOKUPS || found.size() >= 3) {
                break;
            }
            store.get(v, scope)
                    .filter(o -> view.schema.type(o.type()).isPresent())
                    .ifPresent(o -> found.add(o.id()));
        }
        return found;
    }

    /** {@code NOT_FOUND} for an id, with the near ids in the scope before the usual hint. */
    static QueryException notFound(
            String id, String path, String hint, ObjectStore store, Scope scope, SchemaView view) {
        List<String> near = near(id, store, scope, view);
        return QueryException.of(
                ErrorCode.NOT_FOUND,
                path,
                "No object '" + Arguments.echo(id) + "' exists.",
                (near.isEmpty()
                                ? ""
                                : "Did you mean "
                                        + String.join(
                                                " or ",
                                                near.stream()
                                                        .map(n -> "'" + n + "'")
                                                        .toList())
                                        + "? Ids are exact and case-sensitive. ")
                        + hint);
    }
}
