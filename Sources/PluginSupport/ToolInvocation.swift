/// The exact `cloudkit-schema` process a plugin starts: which executable, which arguments,
/// and the directory it runs in.
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

    /// `[command] + model directories from --target + Xcode targets + forwarded arguments`.
    /// Directories and targets go first so a forwarded `--` cannot turn them into
    /// positional arguments.
    public init(
        verb: PluginVerb, executable: String, workingDirectory: String,
        arguments: PluginArguments, targetDirectories: [String], xcodeTargets: [String] = []
    ) {
        let models = targetDirectories.flatMap { [PluginVerb.modelsOption, $0] }
        let targets = xcodeTargets.flatMap { [PluginVerb.targetOption, $0] }
        self.init(
            verb: verb, executable: executable,
            arguments: [verb.toolCommand] + models + targets + arguments.forwarded,
            workingDirectory: workingDirectory)
    }

    /// Where the tool runs: the directory the user ran `swift package` in (SwiftPM starts a
    /// command plugin there, its `originalWorkingDirectory`), so relative paths mean what
    /// the user typed and `--package-path Tools` changes nothing about them; the package
    /// (or Xcode project) directory when that is unknown. The configuration is then found
    /// by walking up, as in a terminal.
    public static func workingDirectory(current: String?, package: String) -> String {
        guard let current, current.hasPrefix("/") else { return package }
        return current
    }
}
