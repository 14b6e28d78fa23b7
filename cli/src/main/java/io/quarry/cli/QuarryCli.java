package io.quarry.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code quarry} command line: run Quarry's tools over a data file or the built-in demo. */
@Command(
        name = "quarry",
        mixinStandardHelpOptions = true,
        versionProvider = QuarryCli.BuildVersion.class,
        description = "Run Quarry's agent tools over a data file or the built-in demo knowledge graph.",
        subcommands = {
            TourCommand.class,
            CallCommand.class,
            ToolsCommand.class,
            ContextCommand.class,
            InitCommand.class,
            LoadCommand.class,
            EmbedCommand.class,
            DdlCommand.class,
            IndexesCommand.class,
            McpCommand.class,
            IntrospectCommand.class,
            FeedbackCommand.class,
            CommandLine.HelpCommand.class
        })
public final class QuarryCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where {@code call --batch} reads its calls and {@code mcp} its requests. */
    final java.io.InputStream in;

    /** Standard output as bytes, for the {@code mcp} protocol. */
    final java.io.OutputStream out;

    /** {@code quarry --version}: the version the build wrote into the jar. */
    static final class BuildVersion implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws java.io.IOException {
            try (java.io.InputStream in = QuarryCli.class.getResourceAsStream("build.properties")) {
                java.util.Properties build = new java.util.Properties();
                if (in != null) {
                    build.load(in);
                }
                return new String[] {"quarry " + build.getProperty("version", "(unknown version)")};
            }
        }
    }

    private QuarryCli(java.io.InputStream in, java.io.OutputStream out) {
        this.in = in;
        this.out = out;
    }

    /**
     * Runs the command line and exits with its code: 0 for results (error objects included), 1 when the
     * database or the machine cannot serve the command (unreachable, refused, missing, nothing to serve,
     * a full disk, a read-only or busy file: run it again once fixed), 2 for a bad command line,
     * configuration or data file (change it).
     */
    public static void main(String[] args) {
        System.exit(run(
                args,
                new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8),
                new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8),
                System.in));
    }

    /** Runs the command line on these streams and returns the exit code; for tests and embedding. */
    public static int run(String[] args, PrintStream out, PrintStream err, java.io.InputStream in) {
        CommandLine cli = new CommandLine(new QuarryCli(in, out));
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof DatabaseProblem) {
                commandLine.getErr().println("quarry: " + e.getMessage());
                return DatabaseProblem.EXIT_CODE;
            }
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof java.sql.SQLException sql) {
                    commandLine
                            .getErr()
                            .println("quarry: " + Databases.explain(sql).getMessage());
                    return DatabaseProblem.EXIT_CODE;
                }
            }
            if (e instanceof IllegalArgumentException) {
                commandLine.getErr().println("quarry: " + e.getMessage());
                return CommandLine.ExitCode.USAGE;
            }
            java.util.Optional<DatabaseProblem> environment = Databases.environment(e);
            if (environment.isPresent()) { // a full disk or a busy file outside a SQLException (H2's MVStore)
                commandLine.getErr().println("quarry: " + environment.get().getMessage());
                return DatabaseProblem.EXIT_CODE;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'quarry call --help'.");
    }
}
