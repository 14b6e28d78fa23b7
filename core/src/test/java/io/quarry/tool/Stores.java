package io.quarry.tool;

import io.quarry.store.DataFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The data sets of the tool tests, as resources of this package. */
final class Stores {
    private Stores() {}

    static DataFile.DataSet data(String resource) {
        try (InputStream in = Fixture.class.getResourceAsStream(resource)) {
            return DataFile.read(in, resource);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
