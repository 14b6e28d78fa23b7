package io.quarry.sql.introspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarry.internal.Json;
import io.quarry.sql.Backend;
import io.quarry.tool.ToolContext;
import io.quarry.tool.ToolResult;
import io.quarry.tool.Toolkit;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Relationship names read from both ends (issue 28 item 4): an artist's {@code albums}, an album's
 * {@code artist}, a playlist's {@code tracks} and a track's {@code playlists}; a foreign key named the
 * links from both ends, so an artist reached its albums through {@code artist}. The old names are
 * refused with the new one as did-you-mean.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RelationshipNamesTest {
    DataSource dataSource;
    Introspection result;
    Toolkit toolkit;

    @BeforeAll
    void serve() throws Exception {
        dataSource = Backend.SQLITE.dataSource("relationship_names");
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name VARCHAR(40))");
            s.execute("CREATE TABLE album (album_id INTEGER PRIMARY KEY, title VARCHAR(40),"
                    + " artist_id INTEGER REFERENCES artist (artist_id))");
            s.execute("CREATE TABLE track (track_id INTEGER PRIMARY KEY, name VARCHAR(40),"
                    + " album_id INTEGER REFERENCES album (album_id))");
            s.execute("CREATE TABLE playlist (playlist_id INTEGER PRIMARY KEY, name VARCHAR(40))");
            s.execute("CREATE TABLE playlist_track (playlist_id INTEGER REFERENCES playlist (playlist_id),"
                    + " track_id INTEGER REFERENCES track (track_id), PRIMARY KEY (playlist_id, track_id))");
            s.execute("CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, name VARCHAR(40),"
                    + " reports_to INTEGER REFERENCES employee (employee_id))");
            s.execute("CREATE TABLE airport (airport_id INTEGER PRIMARY KEY, city VARCHAR(40))");
            s.execute("CREATE TABLE flight (flight_id INTEGER PRIMARY KEY,"
                    + " departure_airport_id INTEGER REFERENCES airport (airport_id),"
                    + " arrival_airport_id INTEGER REFERENCES airport (airport_id))");
            s.execute("INSERT INTO artist VALUES (1, 'AC/DC'), (2, 'Accept')");
            s.execute("INSERT INTO album VALUES (10, 'For Those About To Rock', 1), (11, 'Let There Be Rock', 1),"
                    + " (12, 'Balls to the Wall', 2)");
            s.execute("INSERT INTO track VALUES (100, 'Go Down', 11), (101, 'Dog Eat Dog', 11),"
                    + " (102, 'Fast As a Shark', 12)");
            s.execute("INSERT INTO playlist VALUES (1, 'Rock')");
            s.execute("INSERT INTO playlist_track VALUES (1, 100), (1, 102)");
            s.execute("INSERT INTO employee VALUES (1, 'Andrew', NULL), (2, 'Nancy', 1), (3, 'Jane', 2)");
            s.execute("INSERT INTO airport VALUES (1, 'Oslo'), (2, 'Lima')");
            s.execute("INSERT INTO flight VALUES (7, 1, 2), (8, 2, 1), (9, 1, 2)");
        }
        result = Introspector.builder().dataSource(dataSource).build().introspect();
        toolkit = Served.toolkit(Backend.SQLITE, dataSource, result);
    }

    JsonNode ok(String tool, String arguments) throws Exception {
        ToolResult r = toolkit.call(tool, Json.MAPPER.readTree(arguments), ToolContext.unrestricted());
        assertThat(r.errorCode()).as(tool + " " + arguments + ": " + r.text()).isNull();
        return r.json();
    }

    ToolResult refused(String tool, String arguments) throws Exception {
        ToolResult r = toolkit.call(tool, Json.MAPPER.readTree(arguments), ToolContext.unrestricted());
        assertThat(r.errorCode()).as(tool + " " + arguments + ": " + r.text()).isEqualTo("INVALID_OPERAND");
        return r;
    }

    @ParameterizedTest(name = "{0} calls its link to {2} ({3}) {1}")
    @CsvSource({
        "Album,     artist,                       Artist,   out, BELONGS_TO",
        "Artist,    albums,                       Album,    in,  HAS_MANY",
        "Album,     tracks,                       Track,    in,  HAS_MANY",
        "Playlist,  tracks,                       Track,    out, HAS_MANY_MANY",
        "Track,     playlists,                    Playlist, in,  BELONGS_TO_MANY",
        "Employee,  reports_to,                   Employee, out, BELONGS_TO",
        "Employee,  employees,                    Employee, in,  HAS_MANY",
        "Flight,    departure_airport,            Airport,  out, BELONGS_TO",
        "Airport,   flights_by_departure_airport, Flight,   in,  HAS_MANY",
        "Airport,   flights_by_arrival_airport,   Flight,   in,  HAS_MANY",
    })
    void eachEndNamesItsLinksAfterWhatItReaches(String from, String name, String to, String direction, String kind) {
        assertThat(result.links()).contains(new Introspection.Link(from, name, to, direction, kind));
    }

    @Test
    void theStoredTypeIsWrittenWhereTheNameDiffers() {
        JsonNode artist = result.configuration().at("/types/Artist/relationships/0");
        assertThat(artist.get("name").asText()).isEqualTo("albums");
        assertThat(artist.get("type").asText()).isEqualTo("artist");
        assertThat(result.configuration().at("/types/Album/relationships/0").has("type"))
                .isFalse();
    }

    @Test
    void anObjectShowsItsLinksByTheNamesOfItsEnd() throws Exception {
        JsonNode rels = ok("get_object_relationships", "{\"id\": \"Artist:1\"}").get("relationships");
        assertThat(rels)
                .hasSize(2)
                .allMatch(r -> r.get("type").asText().equals("albums")
                        && r.get("direction").asText().equals("in"));
        assertThat(ok("get_object_relationships", "{\"id\": \"Artist:1\", \"relationship_type\": \"albums\"}")
                        .get("total")
                        .asInt())
                .isEqualTo(2);
        JsonNode album =
                ok("get_object_relationships", "{\"id\": \"Album:11\"}").get("relationships");
        assertThat(names(album)).containsExactlyInAnyOrder("artist/out", "tracks/in", "tracks/in");
        JsonNode groups = ok("get_graph_object", "{\"id\": \"Employee:2\"}").get("relationships");
        assertThat(names(groups)).containsExactlyInAnyOrder("reports_to/out", "employees/in");
        JsonNode track =
                ok("get_object_relationships", "{\"id\": \"Track:100\"}").get("relationships");
        assertThat(names(track)).containsExactlyInAnyOrder("album/out", "playlists/in");
    }

    @Test
    void theOldNameIsRefusedWithTheNewOne() throws Exception {
        ToolResult r = refused("get_object_relationships", "{\"id\": \"Artist:1\", \"relationship_type\": \"artist\"}");
        assertThat(r.text()).contains("'albums'").contains("Did you mean 'albums'?");
        ToolResult join = refused(
                "query_graph_objects",
                "{\"type\": \"Track\", \"related_to_id\": \"Playlist:1\", \"relationship_type\": \"playlist_track\"}");
        assertThat(join.text()).contains("Did you mean 'tracks'?");
    }

    @ParameterizedTest(name = "{0} related to {1} through {2}")
    @CsvSource({
        "Album,    Artist:1,   albums,                       10 11",
        "Album,    Artist:1,   artist,                       10 11",
        "Track,    Album:11,   tracks,                       100 101",
        "Track,    Playlist:1, tracks,                       100 102",
        "Playlist, Track:100,  playlists,                    1",
        "Employee, Employee:1, employees,                    2",
        "Flight,   Airport:1,  flights_by_departure_airport, 7 9",
        "Flight,   Airport:1,  flights_by_arrival_airport,   8",
        "Flight,   Airport:1,  departure_airport,            7 9",
    })
    void aNameFromEitherEndSelectsTheLinks(String type, String anchor, String name, String keys) throws Exception {
        JsonNode items = ok(
                        "query_graph_objects",
                        Json.object()
                                .put("type", type)
                                .put("related_to_id", anchor)
                                .put("relationship_type", name)
                                .toString())
                .get("objects");
        List<String> ids = new ArrayList<>();
        items.forEach(i -> ids.add(i.get("id").asText()));
        assertThat(ids)
                .containsExactlyInAnyOrderElementsOf(java.util.Arrays.stream(keys.split(" "))
                        .map(k -> type + ":" + k)
                        .toList());
    }

    @Test
    void theProjectGraphNamesEachEdgeFromItsSource() throws Exception {
        JsonNode edges = ok("get_project_graph", "{\"root_id\": \"Playlist:1\", \"max_depth\": 1}")
                .get("edges");
        assertThat(edges).isNotEmpty().allMatch(e -> e.get("rel").asText().equals("tracks"));
    }

    /** run_readonly_sql's relation of a relationship is its stored type, whatever each end calls it. */
    @Test
    void theSqlToolJoinsThroughTheStoredTypes() throws Exception {
        Toolkit sql = Served.builder(Backend.SQLITE, dataSource, result)
                .readonlySql("sqlite")
                .build();
        for (String[] q : new String[][] {
            {"SELECT COUNT(*) AS n FROM playlist_track", "2"},
            {"SELECT COUNT(*) AS n FROM departure_airport d JOIN Flight f ON f.id = d.src_id WHERE d.dst_id = 1", "2"},
        }) {
            ToolResult r = sql.call("run_readonly_sql", Json.object().put("sql", q[0]), ToolContext.unrestricted());
            assertThat(r.errorCode()).as(q[0] + ": " + r.text()).isNull();
            assertThat(r.json().at("/rows/0/0").asText())
                    .as(q[0] + ": " + r.text())
                    .isEqualTo(q[1]);
        }
    }

    private static List<String> names(JsonNode relationships) {
        List<String> out = new ArrayList<>();
        relationships.forEach(
                r -> out.add(r.get("type").asText() + "/" + r.get("direction").asText()));
        return out;
    }
}
