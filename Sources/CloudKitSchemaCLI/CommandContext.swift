import Foundation
import ModelSource
import SchemaGateBasics

/// What a command may touch: its arguments, the environment, the working directory and
/// the console. Passing these in (rather than reading globals) lets tests run commands
/// in-process with any environment.
public struct CommandContext: Sendable {
    public var arguments: ParsedArguments
    public var environment: [String: String]
    public var workingDirectory: String
    public var console: Console
    /// How this process was started (`argv[0]`), when it is the executable: install-hooks
    /// records where the tool lives. Nil in-process.
    public var executable: String?

    public init(
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
    public func path(_ path: String) -> String {
        UserPath.absolute(path, in: workingDirectory)
    }

    /// Colour only on a terminal and never when NO_COLOR is set (any value) or TERM=dumb.
    public var useColor: Bool {
        console.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}

/// One subcommand of `cloudkit-schema`.
public struct Command: Sendable {
    public var name: String
    /// One line for the command list.
    public var summary: String
    /// Paragraphs shown by `--help` after the usage line.
    public var discussion: String
    public var spec: ArgumentSpec
    public var run: @Sendable (CommandContext) throws(CLIError) -> Int32

    public init(
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
