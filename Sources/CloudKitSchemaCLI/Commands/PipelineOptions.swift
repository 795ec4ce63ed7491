import Foundation
import SchemaGate

/// Options and helpers the pipeline commands (changed, export, create, scaffold, init,
/// config, gate) share: configuration flags, and engine errors mapped to exit 2.
enum PipelineOptions {
    static let config = OptionSpec(
        "config", value: "PATH",
        help: "Configuration file (default: the nearest .cloudkit-schema.json in this directory or above).")
    static let teamID = OptionSpec(
        "team-id", value: "TEAM", help: "Apple Developer team id; overrides TEAM_ID and the file.")
    static let containerID = OptionSpec(
        "container-id", .multiple, value: "ID", help: "CloudKit container id(s); override CONTAINER_ID and the file.")
    static let models = ModelInput.option
    static let target = OptionSpec(
        "target", .multiple, value: "NAME",
        help: "An Xcode app target whose sources are the model paths (its folders or files, from the .xcodeproj, and the local Swift packages it links).")
    static let tagPattern = OptionSpec(
        "tag-pattern", value: "GLOB", help: "Release tags to measure changes from, e.g. 'v*' (default: any tag).")

    /// The configuration flags the command declares (each command declares its own subset).
    static func overrides(_ context: CommandContext) -> ConfigOverrides {
        let arguments = context.arguments
        func value(_ option: OptionSpec) -> String? { arguments.declares(option) ? arguments.value(option) : nil }
        func all(_ option: OptionSpec) -> [String] { arguments.declares(option) ? arguments.all(option) : [] }
        return ConfigOverrides(
            configPath: value(config), teamID: value(teamID), containerIDs: all(containerID), modelPaths: all(models),
            targets: all(target), tagPattern: value(tagPattern))
    }

    /// The one configuration resolution; what `--target` read whole is said on stderr.
    static func configuration(_ context: CommandContext) throws(CLIError) -> ResolvedConfiguration {
        let configuration = try engine {
            try ResolvedConfiguration.load(
                workingDirectory: context.workingDirectory, environment: context.environment, overrides: overrides(context))
        }
        for note in configuration.targetNotes { context.console.errorLine("cloudkit-schema: note: \(note)") }
        return configuration
    }

    /// Runs engine code, turning whatever it throws into a CLI error (exit 2).
    static func engine<T>(_ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            throw CLIError(error)
        }
    }
}
