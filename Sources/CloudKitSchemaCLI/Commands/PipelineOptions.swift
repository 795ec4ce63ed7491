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
        help: "An Xcode app target whose sources are the model paths (its folders or files, from the .xcodeproj).")
    static let tagPattern = OptionSpec(
        "tag-pattern", value: "GLOB", help: "Release tags to measure changes from, e.g. 'v*' (default: any tag).")

    static func overrides(_ context: CommandContext) -> ConfigOverrides {
        ConfigOverrides(
            configPath: context.arguments.value("config"), teamID: context.arguments.value("team-id"),
            containerIDs: context.arguments.all("container-id"), modelPaths: context.arguments.all("models"),
            targets: context.arguments.all("target"), tagPattern: context.arguments.value("tag-pattern"))
    }

    static func configuration(_ context: CommandContext) throws(CLIError) -> ResolvedConfiguration {
        try engine {
            try ResolvedConfiguration.load(
                workingDirectory: context.workingDirectory, environment: context.environment, overrides: overrides(context))
        }
    }

    /// Runs engine code, turning its actionable errors into CLI errors (exit 2).
    static func engine<T>(_ body: () throws -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch let error as CLIError {
            throw error
        } catch let error as any ActionableError {
            throw CLIError(error)
        } catch {
            throw .setup("\(error)")
        }
    }
}

extension CLIError {
    init(_ error: any ActionableError) {
        switch error.category {
        case .usage: self = .usage(error.message)
        case .input: self = .input(error.message)
        case .setup: self = .setup(error.message)
        }
    }
}
