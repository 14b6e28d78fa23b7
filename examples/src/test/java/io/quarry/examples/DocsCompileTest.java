package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code java} code block of README.md and docs/ compiles against the published modules, so a
 * snippet pasted by a host uses the API as it is. A block is a run of statements, or members of a class
 * when it starts with an annotation ({@code @Bean …}); what it takes from the host's own code (a
 * {@code dataSource}, a {@code chatModel}, a {@code currentTenant()}) is declared in an HTML comment
 * right above the fence, invisible on the rendered page:
 *
 * <pre>
 * &lt;!-- given: import javax.sql.DataSource; DataSource dataSource; String currentTenant() { return "acme"; } --&gt;
 * </pre>
 *
 * <p>{@code import} declarations there are imports; everything else becomes members of the class the
 * block is compiled in. The packages of {@link #IMPORTS} are imported on demand in every block.
 */
class DocsCompileTest {
    private static final Path ROOT = Path.of("..");

    /** Imported on demand in every block: Quarry's host API and the JDK's everyday packages. */
    private static final List<String> IMPORTS = List.of(
            "io.quarry.config.*",
            "io.quarry.graph.*",
            "io.quarry.projection.*",
            "io.quarry.schema.*",
            "io.quarry.search.*",
            "io.quarry.sql.*",
            "io.quarry.sql.dialect.*",
            "io.quarry.sql.guard.*",
            "io.quarry.sql.introspect.*",
            "io.quarry.store.*",
            "io.quarry.tool.*",
            "io.quarry.mcp.*",
            "io.quarry.openapi.*",
            "io.quarry.jpa.*",
            "io.quarry.lucene.*",
            "io.quarry.embeddings.*",
            "java.nio.file.*",
            "java.util.*",
            "com.fasterxml.jackson.databind.JsonNode");

    private static final Pattern FENCE = Pattern.compile("(?m)^```java\\n(.*?)^```", Pattern.DOTALL);
    private static final Pattern GIVEN = Pattern.compile("<!--\\s*given:((?:(?!-->).)*)-->\\s*\\n\\z", Pattern.DOTALL);
    private static final Pattern IMPORT = Pattern.compile("import\\s+(static\\s+)?[\\w.]+(\\.\\*)?\\s*;");

    @TempDir
    Path out;

    /** A code block of a document, where it starts and what it is given. */
    record Block(Path file, int line, String code, String given) {
        String where(int at) {
            Path shown = file.isAbsolute() ? file.getFileName() : ROOT.relativize(file);
            return shown.toString().replace('\\', '/') + ":" + at;
        }
    }

    @Test
    void everyJavaBlockOfTheDocsCompiles() throws IOException {
        List<Block> blocks = new ArrayList<>();
        for (Path doc : documents()) {
            blocks.addAll(blocks(doc));
        }
        assertThat(blocks).as("java blocks in README.md and docs/").hasSizeGreaterThan(15);
        assertThat(compile(blocks)).as("compile errors, at the document's line").isEmpty();
    }

    @Test
    void aBlockThatDoesNotCompileIsReportedAtItsLine() throws IOException {
        Path doc = out.resolve("broken.md");
        Files.writeString(
                doc,
                "Text.\n\n<!-- given: Toolkit toolkit; -->\n```java\nString ok = toolkit.toString();\n"
                        + "toolkit.noSuchMethod();\n```\n",
                StandardCharsets.UTF_8);
        List<String> errors = compile(blocks(doc));
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).startsWith("broken.md:6: cannot find symbol").contains("noSuchMethod");
    }

    @Test
    void aBlockWithoutItsGivenDoesNotCompile() throws IOException {
        Path doc = out.resolve("undeclared.md");
        Files.writeString(doc, "```java\nString text = toolkit.toString();\n```\n", StandardCharsets.UTF_8);
        assertThat(compile(blocks(doc))).singleElement().asString().contains("undeclared.md:2");
    }

    private static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    static List<Block> blocks(Path doc) throws IOException {
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        Matcher m = FENCE.matcher(text);
        while (m.find()) {
            int line = (int) text.substring(0, m.start(1))
                            .chars()
                            .filter(c -> c == '\n')
                            .count()
                    + 1;
            Matcher given = GIVEN.matcher(text.substring(0, m.start()));
            String declared = given.find() ? given.group(1).strip() : "";
            blocks.add(new Block(doc, line, m.group(1), declared));
        }
        return blocks;
    }

    /** Compiles the blocks, each as a class of its own; the errors as {@code file:line: message}. */
    private List<String> compile(List<Block> blocks) throws IOException {
        List<JavaFileObject> sources = new ArrayList<>();
        List<int[]> offsets = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Block block = blocks.get(i);
            StringBuilder source = new StringBuilder("package docs;\n");
            IMPORTS.forEach(p -> source.append("import ").append(p).append(";\n"));
            Matcher imports = IMPORT.matcher(block.given());
            while (imports.find()) {
                source.append(imports.group()).append('\n');
            }
            String members = IMPORT.matcher(block.given())
                    .replaceAll("")
                    .replace('\n', ' ')
                    .strip();
            source.append("@SuppressWarnings(\"all\") abstract class Block")
                    .append(i)
                    .append(" {\n");
            source.append(members).append('\n');
            boolean asMembers = block.code().stripLeading().startsWith("@");
            if (!asMembers) {
                source.append("void block() throws Exception {\n");
            }
            int first = (int) source.chars().filter(c -> c == '\n').count() + 1;
            source.append(block.code());
            source.append(asMembers ? "}\n" : "}\n}\n");
            offsets.add(new int[] {first});
            String name = "docs/Block" + i + ".java";
            sources.add(new SimpleJavaFileObject(URI.create("string:///" + name), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            });
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options =
                    List.of("-classpath", classpath(), "-d", out.toString(), "-proc:none", "-Xlint:none", "-nowarn");
            javac.getTask(null, files, diagnostics, options, null, sources).call();
        }
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR || d.getSource() == null) {
                continue;
            }
            String path = d.getSource().toUri().getPath();
            int index = Integer.parseInt(path.substring(path.lastIndexOf("Block") + 5, path.length() - 5));
            Block block = blocks.get(index);
            int line = block.line() + (int) d.getLineNumber() - offsets.get(index)[0];
            String message = String.join(
                    " ", d.getMessage(Locale.ROOT).lines().map(String::strip).toList());
            System.err.println(
                    "DEBUG " + d.getLineNumber() + " first=" + offsets.get(index)[0] + " line=" + block.line());
            errors.add(block.where(line) + ": " + message);
        }
        return errors;
    }

    /** The test class path (Surefire puts it in a property when it runs tests from a manifest-only jar). */
    private static String classpath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
