import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * A release rehearsal (docs/release.md): builds the committed HEAD as release VERSION with the {@code release}
 * profile, signs it with a throwaway key, deploys it into a local directory and checks what Maven Central's
 * validation checks, plus what a user of the release would notice.
 *
 * <pre>java .ci/ReleaseCheck.java [VERSION]     (default 0.1.0; run from the repository root)</pre>
 *
 * What is published is decided by the build, and checked both ways: every module of the parent is either in the
 * BOM or sets {@code maven.deploy.skip}, and exactly the parent, the BOM and the BOM's artifacts are deployed.
 */
public final class ReleaseCheck {
    private static final String GROUP = "io.github.quarry-dev";
    private static final List<String> failures = new ArrayList<>();
    private static int checks;

    public static void main(String[] args) throws Exception {
        String version = args.length > 0 ? args[0] : "0.1.0";
        Path root = Path.of("").toAbsolutePath();
        Path work = Files.createTempDirectory("quarry-release-");
        try {
            rehearse(root, work, version);
        } finally {
            delete(work);
        }
        if (!failures.isEmpty()) {
            System.err.println("release check: " + failures.size() + " of " + checks + " checks failed:");
            failures.forEach(f -> System.err.println("  - " + f));
            System.exit(1);
        }
        System.out.println("release check: " + version + " passes all " + checks + " checks");
    }

    private static void rehearse(Path root, Path work, String version) throws Exception {
        Path tree = work.resolve("tree");
        Path repo = work.resolve("repository");
        Path gnupg = work.resolve("gnupg");
        Files.createDirectories(tree);
        Files.createDirectories(gnupg);
        gnupg.toFile().setReadable(false, false);
        gnupg.toFile().setReadable(true, true);
        gnupg.toFile().setExecutable(false, false);
        gnupg.toFile().setExecutable(true, true);

        // the committed tree, as a clean clone has it
        run(root, Map.of(), "sh", "-c", "git archive HEAD | tar -x -C '" + tree + "'");
        String snapshot = parentVersion(tree.resolve("pom.xml"));
        try (Stream<Path> poms = Files.walk(tree)) {
            for (Path pom : poms.filter(p -> p.getFileName().toString().equals("pom.xml")).toList()) {
                Files.writeString(pom, Files.readString(pom).replace(snapshot, version));
            }
        }

        Map<String, String> env = Map.of("GNUPGHOME", gnupg.toString());
        run(tree, env, "gpg", "--batch", "--passphrase", "", "--quick-gen-key",
                "Quarry release rehearsal <rehearsal@quarry.invalid>", "ed25519", "sign", "never");

        Modules modules = modules(tree);
        List<String> command = new ArrayList<>(List.of("./mvnw", "-B", "-q", "-Prelease", "deploy",
                "-Dmaven.install.skip=true", "-DaltDeploymentRepository=rehearsal::file:" + repo));
        if (!modules.unpublished().isEmpty()) {
            command.add("-pl");
            command.add(String.join(",", modules.unpublished().values().stream().map(d -> "!" + d).toList()));
        }
        long start = System.nanoTime();
        run(tree, env, command.toArray(String[]::new));
        System.out.printf("release check: built and deployed %s in %d s%n", version,
                (System.nanoTime() - start) / 1_000_000_000L);

        Set<String> bom = bomArtifacts(tree.resolve("bom/pom.xml"));
        Set<String> expected = new TreeSet<>(bom);
        expected.add("quarry-parent");
        expected.add("quarry-bom");
        for (String module : modules.published()) {
            check(bom.contains(module), module + " is published (no maven.deploy.skip) but not in the BOM");
        }
        for (String module : modules.unpublished().keySet()) {
            check(!bom.contains(module), module + " sets maven.deploy.skip but the BOM lists it");
        }

        Path group = repo.resolve(GROUP.replace('.', '/'));
        Set<String> deployed = new TreeSet<>();
        try (Stream<Path> dirs = Files.list(group)) {
            dirs.filter(Files::isDirectory).forEach(d -> deployed.add(d.getFileName().toString()));
        }
        check(deployed.equals(expected), "deployed " + deployed + ", expected " + expected);

        for (String artifact : deployed) {
            artifact(group.resolve(artifact), artifact, version, env, modules.unpublished().keySet());
        }
        cli(group.resolve("quarry-cli").resolve(version), version);
    }

    private static void artifact(Path dir, String artifact, String version, Map<String, String> env,
            Set<String> unpublished) throws Exception {
        Path versionDir = dir.resolve(version);
        check(Files.isDirectory(versionDir), artifact + ": no " + version + " directory");
        if (!Files.isDirectory(versionDir)) {
            return;
        }
        String base = artifact + "-" + version;
        Path pom = versionDir.resolve(base + ".pom");
        check(Files.exists(pom), artifact + ": no POM");
        if (!Files.exists(pom)) {
            return;
        }
        String pomText = Files.readString(pom);
        check(!pomText.contains("SNAPSHOT"), artifact + ": the POM names a SNAPSHOT");
        Element project = parse(pom).getDocumentElement();
        String packaging = text(project, "packaging", "jar");
        metadata(artifact, project, version);
        for (Element dependency : children(child(project, "dependencies"), "dependency")) {
            String scope = text(dependency, "scope", "compile");
            String id = text(dependency, "artifactId", "");
            check(scope.equals("test") || !(GROUP.equals(text(dependency, "groupId", "")) && unpublished.contains(id)),
                    artifact + ": depends on the unpublished " + id + " at " + scope + " scope");
        }

        List<Path> files;
        try (Stream<Path> list = Files.list(versionDir)) {
            files = list.sorted(Comparator.naturalOrder()).toList();
        }
        List<Path> payload = files.stream()
                .filter(f -> !f.getFileName().toString().matches(".*\\.(md5|sha1|sha256|sha512|asc)$"))
                .filter(f -> !f.getFileName().toString().startsWith("maven-metadata"))
                .toList();
        for (Path file : payload) {
            String name = file.getFileName().toString();
            check(!name.contains("-tests") && !name.contains("-test-sources"), artifact + ": publishes " + name);
            check(digest(file, "MD5").equals(sidecar(file, ".md5")), name + ": MD5 does not match");
            check(digest(file, "SHA-1").equals(sidecar(file, ".sha1")), name + ": SHA-1 does not match");
            Path signature = file.resolveSibling(name + ".asc");
            check(Files.exists(signature), name + ": not signed");
            if (Files.exists(signature)) {
                check(exit(versionDir, env, "gpg", "--batch", "--verify", signature.toString(), file.toString()) == 0,
                        name + ": the signature does not verify");
            }
        }
        if (packaging.equals("jar")) {
            Path jar = versionDir.resolve(base + ".jar");
            check(Files.exists(jar), artifact + ": no jar");
            check(hasEntry(versionDir.resolve(base + "-sources.jar"), ".java"), artifact + ": no sources jar with .java files");
            check(hasEntry(versionDir.resolve(base + "-javadoc.jar"), "index.html"), artifact + ": no javadoc jar with index.html");
        }
    }

    /** What Central requires of every POM (name, description, url, licence, developer, scm), inherited or not. */
    private static void metadata(String artifact, Element project, String version) {
        check(!text(project, "name", "").isBlank(), artifact + ": no name");
        check(!text(project, "description", "").isBlank(), artifact + ": no description");
        Element parent = child(project, "parent");
        Element source = project;
        if (parent != null) {
            check(GROUP.equals(text(parent, "groupId", "")) && "quarry-parent".equals(text(parent, "artifactId", ""))
                            && version.equals(text(parent, "version", "")),
                    artifact + ": its parent is not " + GROUP + ":quarry-parent:" + version);
            check(child(project, "url") == null, artifact + ": sets its own url instead of the parent's");
            return; // the rest is the parent's, checked as quarry-parent
        }
        check(GROUP.equals(text(source, "groupId", "")), artifact + ": groupId is not " + GROUP);
        check(text(source, "url", "").startsWith("https://"), artifact + ": no https url");
        Element license = first(child(source, "licenses"), "license");
        check(license != null && !text(license, "name", "").isBlank() && text(license, "url", "").startsWith("https://"),
                artifact + ": no licence with a name and an https url");
        Element developer = first(child(source, "developers"), "developer");
        check(developer != null && !text(developer, "name", "").isBlank(), artifact + ": no developer with a name");
        Element scm = child(source, "scm");
        check(scm != null && !text(scm, "url", "").isBlank() && text(scm, "connection", "").startsWith("scm:git:"),
                artifact + ": no scm url and connection");
    }

    /** The runnable jars a user downloads: they start, and say the version they were released as. */
    private static void cli(Path dir, String version) throws Exception {
        for (String classifier : List.of("runnable", "semantic")) {
            Path jar = dir.resolve("quarry-cli-" + version + "-" + classifier + ".jar");
            check(Files.exists(jar), "quarry-cli: no " + classifier + " jar");
            if (!Files.exists(jar)) {
                continue;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                String main = file.getManifest().getMainAttributes().getValue("Main-Class");
                check("io.quarry.cli.QuarryCli".equals(main), jar.getFileName() + ": Main-Class is " + main);
            }
        }
        Path runnable = dir.resolve("quarry-cli-" + version + "-runnable.jar");
        if (Files.exists(runnable)) {
            String said = output(dir, "", List.of("java", "-jar", runnable.toString(), "--version")).strip();
            check(said.equals("quarry " + version), "quarry --version says '" + said + "'");
            String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"release-check\",\"version\":\"1\"}}}\n";
            String answer = output(dir, initialize, List.of("java", "-jar", runnable.toString(), "mcp"));
            Matcher server = Pattern.compile("\"serverInfo\"\\s*:\\s*\\{[^}]*\"version\"\\s*:\\s*\"([^\"]*)\"").matcher(answer);
            check(server.find() && server.group(1).equals(version),
                    "quarry mcp's serverInfo does not name " + version + ": " + answer.strip());
        }
    }

    private record Modules(List<String> published, Map<String, String> unpublished) {}

    /** The parent's modules: artifactId → directory of those that set maven.deploy.skip, and the rest. */
    private static Modules modules(Path tree) throws Exception {
        List<String> published = new ArrayList<>();
        Map<String, String> unpublished = new LinkedHashMap<>();
        for (Element module : children(child(parse(tree.resolve("pom.xml")).getDocumentElement(), "modules"), "module")) {
            String directory = module.getTextContent().strip();
            Element pom = parse(tree.resolve(directory).resolve("pom.xml")).getDocumentElement();
            String id = text(pom, "artifactId", directory);
            Element properties = child(pom, "properties");
            if (properties != null && "true".equals(text(properties, "maven.deploy.skip", ""))) {
                unpublished.put(id, directory);
            } else if (!id.equals("quarry-bom")) {
                published.add(id);
            }
        }
        return new Modules(published, unpublished);
    }

    private static Set<String> bomArtifacts(Path bom) throws Exception {
        Set<String> ids = new TreeSet<>();
        Element management = child(parse(bom).getDocumentElement(), "dependencyManagement");
        for (Element dependency : children(child(management, "dependencies"), "dependency")) {
            if (GROUP.equals(text(dependency, "groupId", ""))) {
                ids.add(text(dependency, "artifactId", ""));
            }
        }
        return ids;
    }

    private static String parentVersion(Path pom) throws Exception {
        return text(parse(pom).getDocumentElement(), "version", "");
    }

    private static void check(boolean ok, String failure) {
        checks++;
        if (!ok) {
            failures.add(failure);
        }
    }

    private static boolean hasEntry(Path jar, String suffix) throws IOException {
        if (!Files.exists(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().anyMatch(e -> e.getName().endsWith(suffix));
        }
    }

    private static String digest(Path file, String algorithm) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(Files.readAllBytes(file)));
    }

    private static String sidecar(Path file, String suffix) throws IOException {
        Path sum = file.resolveSibling(file.getFileName() + suffix);
        return Files.exists(sum) ? Files.readString(sum).strip().split("\\s+")[0] : "(missing)";
    }

    private static Document parse(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> all = new ArrayList<>();
        if (parent != null) {
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
                    all.add(e);
                }
            }
        }
        return all;
    }

    private static Element first(Element parent, String name) {
        List<Element> all = children(parent, name);
        return all.isEmpty() ? null : all.get(0);
    }

    private static String text(Element parent, String name, String otherwise) {
        Element e = child(parent, name);
        return e == null ? otherwise : e.getTextContent().strip();
    }

    private static void run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (process.waitFor() != 0) {
            System.err.write(output);
            throw new IllegalStateException("release check: '" + String.join(" ", command) + "' failed");
        }
    }

    private static int exit(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }

    private static String output(Path dir, String stdin, List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(false).start();
        try (var in = process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream stream = process.getInputStream()) {
            stream.transferTo(out);
        }
        process.waitFor();
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
