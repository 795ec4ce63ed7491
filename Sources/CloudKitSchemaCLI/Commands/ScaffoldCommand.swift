import Foundation
import SchemaGate

/// `scaffold --output PATH`: the DEBUG-only app file that implements the create flag.
enum ScaffoldCommand {
    /// The options of this command: its spec lists them, and only these are read.
    enum Options {
        static let output = OptionSpec("output", value: "PATH", help: "The Swift file to write (e.g. App/Debug/CloudKitSchemaInitializer.swift).")
        static let type = OptionSpec("type", .multiple, value: "NAME", help: "Model type names to register (default: read from the models).")
        static let argument = OptionSpec("argument", value: "FLAG", help: "Launch argument that triggers it (default: -initializeCloudKitSchema).")
        static let force = OptionSpec("force", .flag, help: "Overwrite an existing file.")
    }

    static let command = Command(
        name: "scaffold",
        summary: "Write the DEBUG-only Swift file that materializes Development (initializeCloudKitSchema).",
        discussion: """
        Writes a Swift source file for the app: launched with -initializeCloudKitSchema
        (or --argument), the debug app builds a managed object model from the registered
        @Model types, opens a throwaway CloudKit-mirrored store in a temporary
        directory, calls initializeCloudKitSchema(), removes the store with its hidden
        support folder, prints whether it succeeded and exits 0 or 1. Release builds
        compile only an empty runIfRequested(), so they cannot change the schema. Call
        it before the app opens its own ModelContainer (the output and the file's
        comments show where). Pair it with a "create" command in the configuration.
        Change detection does not count the file as a model change (its header is marked).
        Model types come from --type, or from the registered models found in the
        configured model paths.
        """,
        spec: ArgumentSpec(options: [
            Options.output,
            Options.type,
            Options.argument,
            Options.force,
            PipelineOptions.containerID, PipelineOptions.models, PipelineOptions.target, PipelineOptions.config,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        guard let output = context.arguments.value(Options.output) else {
            throw .usage("scaffold needs --output PATH: the Swift file to add to the app target")
        }
        let configuration = try PipelineOptions.configuration(context)
        let container = try PipelineOptions.engine { try configuration.requireSingleContainer() }
        let models = try modelTypes(context, configuration: configuration, container: container)
        let argument = context.arguments.value(Options.argument) ?? InitializerScaffold.defaultLaunchArgument
        guard argument.hasPrefix("-"), !argument.contains(where: \.isWhitespace), !argument.contains("\"") else {
            throw .usage("--argument '\(argument)' must start with '-' and contain no spaces or quotes, e.g. -initializeCloudKitSchema")
        }
        let path = context.path(output)
        if FileManager.default.fileExists(atPath: path) && !context.arguments.flag(Options.force) {
            throw .usage("\(output) already exists: pass --force to replace it")
        }
        let scaffold = InitializerScaffold(containerID: container.id.value, models: models, launchArgument: argument)
        try ExactFile.write(scaffold.source, to: path, shown: output, what: "the initializer source",
                            fix: "choose a writable path", context)
        context.console.line("Wrote \(output) (\(models.description)). Add it to the app target.")
        context.console.line("")
        scaffold.placementGuide.forEach { context.console.line($0.isEmpty ? "" : "  " + $0) }
        context.console.line("")
        context.console.line("Then configure \"create\" in .cloudkit-schema.json to build and launch the debug app with")
        context.console.line("\(argument) ('cloudkit-schema init --print' suggests a command for your Xcode project;")
        context.console.line("Docs/running-on-macos.md).")
        return 0
    }

    static func modelTypes(
        _ context: CommandContext, configuration: ResolvedConfiguration, container: ResolvedContainer
    ) throws(CLIError) -> InitializerScaffold.Models {
        let given = context.arguments.all(Options.type)
        if !given.isEmpty {
            if let bad = given.first(where: { !InitializerScaffold.isTypeName($0) }) {
                throw .usage("--type '\(bad)' is not a Swift type name")
            }
            return .types(given)
        }
        return try PipelineOptions.engine {
            try RegisteredModelTypes.find(modelPaths: container.modelPaths, workingDirectory: context.workingDirectory)
        }
    }
}
