package io.quarry.sql;

import java.util.ArrayList;
import java.util.List;

/** A path inside a JSON document column: every test is the dialect's JSON test. */
final class PropertyTarget implements Target {
    private final Dialect dialect;
    private final String document;
    private final List<String> path;
    private final boolean scalar;

    PropertyTarget(Dialect dialect, String document, List<String> path) {
        this(dialect, document, path, false);
    }

    /** A path the schema declares a scalar ({@code scalar}): the dialect may leave out the array arm. */
    PropertyTarget(Dialect dialect, String document, List<String> path, boolean scalar) {
        this.dialect = dialect;
        this.document = document;
        this.path = path;
        this.scalar = scalar;
    }

    @Override
    public void any(SqlWriter w, ElementTest test) {
        ElementTest t = NulText.storable(dialect, test);
        if (t == null) {
            w.never();
            return;
        }
        if (scalar) {
            dialect.anyScalar(w, document, path, t);
        } else {
            dialect.anyElement(w, document, path, t);
        }
    }

    @Override
    public void exists(SqlWriter w, boolean exists) {
        if (!exists) {
            w.append("NOT ");
        }
        dialect.exists(w, document, path);
    }

    @Override
    public void arraySize(SqlWriter w, int size) {
        dialect.arraySize(w, document, path, size);
    }

    @Override
    public void all(SqlWriter w, List<ElementTest> tests) {
        List<ElementTest> storable = new ArrayList<>();
        for (ElementTest test : tests) {
            ElementTest t = NulText.storable(dialect, test);
            if (t == null) {
                w.never();
                return;
            }
            storable.add(t);
        }
        dialect.allElements(w, document, path, storable);
    }

    @Override
    public boolean anyNumberIn(SqlWriter w, List<java.math.BigDecimal> values) {
        return scalar
                ? dialect.anyScalarIn(w, document, path, values)
                : dialect.anyElementIn(w, document, path, values);
    }

    @Override
    public boolean between(SqlWriter w, ElementTest lower, ElementTest upper) {
        return scalar
                ? dialect.anyScalarBetween(w, document, path, lower, upper)
                : dialect.anyElementBetween(w, document, path, lower, upper);
    }
}
