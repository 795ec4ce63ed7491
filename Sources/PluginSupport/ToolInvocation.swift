/// The exact `cloudkit-schema` process a plugin starts: which executable, which arguments,
/// and the directory it runs in (the package or Xcode project directory, so relative paths
/// and the `.cloudkit-schema.json` lookup behave as in a terminal at the project root).
public struct ToolInvocation: Equatable, Sendable {
    public var verb: PluginVerb
    public var executable: String
    public var arguments: [String]
    public var workingDirectory: String

    public init(verb: PluginVerb, executable: String, arguments: [String], workingDirectory: String) {
        self.verb = verb
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
    }

    /// `[command] + model directories from --target + forwarded arguments`. Directories go
    /// first so a forwarded `--` cannot turn them into positional arguments.
    public init(
        verb: PluginVerb, executable: String, workingDirectory: String,
        arguments: PluginArguments, targetDirectories: [String]
    ) {
        let models = targetDirectories.flatMap { [PluginVerb.modelsOption, $0] }
        self.init(
            verb: verb, executable: executable,
            arguments: [verb.toolCommand] + models + arguments.forwarded,
            workingDirectory: workingDirectory)
    }
}
