package io.quarry.examples.jpa;

/** A book's genre, stored by name. */
public enum Genre {
    NOVEL,
    POETRY,
    SCIENCE
}
