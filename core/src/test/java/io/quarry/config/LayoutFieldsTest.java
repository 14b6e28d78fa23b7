package io.quarry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.schema.EntityType;
import io.quarry.schema.Field;
import io.quarry.schema.FieldType;
import io.quarry.schema.Relationship;
import io.quarry.schema.Schema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A field is written once: a table layout's fields imply the schema's fields and their types; the
 * {@code types} section only adds descriptions, enum values, hidden flags, modules and
 * relationships, and a field it repeats must agree with the layout.
 */
class LayoutFieldsTest {
    private static final String LAYOUT = """
            store:
              layout: tables
              tables:
                types:
                  Album:
                    table: album
                    id: album_id
                    fields:
                      title: title
                      body: {column: body, type: text}
                      artist_id: {column: artist_id, type: integer}
                      price: {column: price, type: number}
                      legacy_price: {column: legacy_price, type: number}
                      on_sale: {column: on_sale, type: boolean}
                      released: {column: released, type: date}
                      added: {column: added, type: timestamp}
                      recorded: {column: recorded, type: datetime}
                      meta: {column: meta, type: json}
                      owner: {column: meta, path: owner}
                      rank: {column: meta, path: rank, type: integer}
                      genre: genre
                  Artist:
                    table: artist
                    id: artist_id
                    fields:
                      name: name
                    foreign_keys: []
            """;

    private static Schema schema(String types) {
        return QuarryConfig.parse(LAYOUT + types, "q.yaml").schema().orElseThrow();
    }

    private static Map<String, FieldType> types(EntityType type) {
        Map<String, FieldType> out = new LinkedHashMap<>();
        type.fields().forEach(f -> out.put(f.name(), f.type()));
        return out;
    }

    @Test
    void theLayoutAloneGivesTheSchema() {
        Schema schema = schema("");
        assertThat(schema.typeNames()).containsExactly("Album", "Artist");
        Map<String, FieldType> expected = new LinkedHashMap<>();
        expected.put("title", FieldType.STRING);
        expected.put("body", FieldType.TEXT);
        expected.put("artist_id", FieldType.INTEGER);
        expected.put("price", FieldType.NUMBER);
        expected.put("legacy_price", FieldType.NUMBER);
        expected.put("on_sale", FieldType.BOOLEAN);
        expected.put("released", FieldType.DATE);
        expected.put("added", FieldType.DATETIME);
        expected.put("recorded", FieldType.DATETIME);
        expected.put("meta", FieldType.OBJECT);
        expected.put("owner", FieldType.STRING);
        expected.put("rank", FieldType.INTEGER);
        expected.put("genre", FieldType.STRING);
        assertThat(types(schema.type("Album").orElseThrow())).containsExactlyEntriesOf(expected);
    }

    @Test
    void theTypesSectionAddsDescriptionsValuesHiddenFieldsModulesAndRelationships() {
        Schema schema = schema("""
                types:
                  Album:
                    description: A record.
                    module: catalog
                    fields:
                      title: {description: The title on the cover.}
                      genre: {values: [rock, jazz]}
                      secret_code: {type: string, exposed: false}
                    relationships:
                      - {name: artist, target: Artist, direction: out, kind: BELONGS_TO}
                """);
        EntityType album = schema.type("Album").orElseThrow();
        assertThat(album.description()).isEqualTo("A record.");
        assertThat(album.module()).isEqualTo("catalog");
        Field title = album.field("title").orElseThrow();
        assertThat(title.type()).isEqualTo(FieldType.STRING);
        assertThat(title.description()).isEqualTo("The title on the cover.");
        Field genre = album.field("genre").orElseThrow();
        assertThat(genre.type()).isEqualTo(FieldType.ENUM);
        assertThat(genre.values()).containsExactly("rock", "jazz");
        assertThat(album.hides("secret_code")).isTrue();
        assertThat(album.field("artist_id").orElseThrow().type()).isEqualTo(FieldType.INTEGER);
        assertThat(album.relationships())
                .containsExactly(new Relationship(
                        "artist", "Artist", Relationship.Direction.OUT, null, Relationship.Kind.BELONGS_TO));
        // a type the types section leaves out is the layout's
        assertThat(types(schema.type("Artist").orElseThrow())).containsExactly(Map.entry("name", FieldType.STRING));
    }

    @Test
    void aFieldWrittenTwiceConsistentlyStillLoadsAndTheTypesSectionRefines() {
        Schema schema = schema("""
                types:
                  Album:
                    fields:
                      title: string
                      body: string
                      artist_id: integer
                      legacy_price: integer
                      genre: {type: enum, values: [rock, jazz]}
                      added: date
                      meta: {type: array, items: string}
                """);
        Map<String, FieldType> album = types(schema.type("Album").orElseThrow());
        assertThat(album)
                .containsEntry("body", FieldType.STRING)
                .containsEntry("legacy_price", FieldType.INTEGER)
                .containsEntry("genre", FieldType.ENUM)
                .containsEntry("added", FieldType.DATE)
                .containsEntry("meta", FieldType.ARRAY)
                .containsEntry("price", FieldType.NUMBER);
    }

    @Test
    void aRestColumnHoldsFieldsTheLayoutDoesNotMap() {
        String yaml = """
                store:
                  layout: tables
                  tables:
                    types:
                      Note:
                        table: notes
                        fields: {title: title}
                        rest: data
                types:
                  Note:
                    fields:
                      colour: string
                """;
        EntityType note = QuarryConfig.parse(yaml, "q.yaml")
                .schema()
                .orElseThrow()
                .type("Note")
                .orElseThrow();
        assertThat(types(note))
                .containsExactly(Map.entry("title", FieldType.STRING), Map.entry("colour", FieldType.STRING));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "a field the layout does not map|types: {Album: {fields: {titel: string}}}|types.Album.fields.titel:"
                        + " the table layout does not map field 'titel' of Album (did you mean 'title'?); map it under"
                        + " store.tables.types.Album.fields (its type comes from there), give the type a rest JSON"
                        + " column, or remove it",
                "a type the column cannot hold|types: {Album: {fields: {artist_id: boolean}}}"
                        + "|types.Album.fields.artist_id: the table layout reads this field from a number column, which"
                        + " cannot hold boolean; leave type out (the layout's field gives it), or write one of integer,"
                        + " number",
                "a type the column cannot hold, long form|types: {Album: {fields: {title: {type: integer}}}}"
                        + "|types.Album.fields.title.type: the table layout reads this field from a text column, which"
                        + " cannot hold integer; leave type out (the layout's field gives it), or write one of string,"
                        + " text, enum",
                "values on a number|types: {Album: {fields: {price: {values: [a]}}}}|types.Album.fields.price.values:"
                        + " only enum fields have values; set type: enum or remove values",
                "an unknown kind|types: {Album: {relationships: [{name: artist, target: Artist, kind: BELONGS}]}}"
                        + "|types.Album.relationships[0].kind: unknown relationship kind 'BELONGS' (did you mean"
                        + " 'BELONGS_TO'?); write one of BELONGS_TO, HAS_MANY, HAS_ONE, BELONGS_TO_ONE, HAS_MANY_MANY,"
                        + " BELONGS_TO_MANY",
                "a module that is not a name|types: {Album: {module: 'sales team'}}|types.Album.module: 'sales team'"
                        + " is not a valid module name; use letters, digits, '_' and '-', starting with a letter or '_'"
                        + " (at most 64)"
            })
    void mistakesNameTheField(String mistake, String types, String message) {
        assertThatThrownBy(() -> QuarryConfig.parse(LAYOUT + types, "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: " + message);
    }

    @Test
    void anEnumInTheLayoutNeedsValuesInTheTypes() {
        String yaml = """
                store:
                  layout: tables
                  tables:
                    types:
                      Note: {table: notes, fields: {status: {column: status, type: enum}}}
                """;
        assertThatThrownBy(() -> QuarryConfig.parse(yaml, "q.yaml"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("q.yaml: store.tables.types.Note.fields.status: an enum field needs 'values'; add them"
                        + " under types, such as types: {Type: {fields: {status: {values: [a, b]}}}}");
        Schema schema = QuarryConfig.parse(yaml + "types: {Note: {fields: {status: {values: [open, done]}}}}", "q.yaml")
                .schema()
                .orElseThrow();
        assertThat(schema.type("Note")
                        .orElseThrow()
                        .field("status")
                        .orElseThrow()
                        .values())
                .containsExactly("open", "done");
    }
}
