import Foundation
import ModelSource
import SchemaGateBasics

/// What a command may touch: its arguments, the environment, the working directory and
/// the console. Passing these in (rather than reading globals) lets tests run commands
/// in-process with any environment.
package struct CommandContext: Sendable {
    package var arguments: ParsedArguments
    package var environment: [String: String]
    package var workingDirectory: String
    package var console: Console
    /// How this process was started (`argv[0]`), when it is the executable: install-hooks
    /// records where the tool lives. Nil in-process.
    package var executable: String?

    package init(
        arguments: ParsedArguments, environment: [String: String], workingDirectory: String, console: Console,
        executable: String? = nil
    ) {
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.console = console
        self.executable = executable
    }

    /// Resolves a user-given path against the working directory, in the user's spelling.
    package func path(_ path: String) -> String {
        UserPath.absolute(path, in: workingDirectory)
    }

    /// Colour only on a terminal and never when NO_COLOR is set (any value) or TERM=dumb.
    package var useColor: Bool {
        console.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}

/// One subcommand of `cloudkit-schema`.
package struct Command: Sendable {
    package var name: String
    /// One line for the command list.
    package var summary: String
    /// Paragraphs shown by `--help` after the usage line.
    package var discussion: String
    package var spec: ArgumentSpec
    package var run: @Sendable (CommandContext) throws(CLIError) -> Int32

    package init(
        name: String, summary: String, discussion: String = "", spec: ArgumentSpec,
        run: @escaping @Sendable (CommandContext) throws(CLIError) -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.spec = spec
        self.run = run
    }
}
