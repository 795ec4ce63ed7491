import Foundation
import SchemaGate
import SchemaGateBasics

/// `probe-list --output FILE`: the gate's expected record types and fields as a Swift file
/// for the app's `CloudKitSyncDiagnostics` probe.
enum ProbeListCommand {
    enum Options {
        static let output = OptionSpec("output", value: "FILE", help: "Write the Swift file here (default: print it).")
        static let name = OptionSpec(
            "name", value: "NAME", help: "The property the file declares, ExpectedCloudKitSchema.NAME (default: app).")
    }

    static let command = Command(
        name: "probe-list",
        summary: "Write the record types the gate requires as Swift, for the app's schema probe.",
        discussion: """
        Reads the models the gate reads (the container's model paths, or --models) with the
        same mapping and options, and writes the record types and fields Production must
        hold as a Swift file that declares ExpectedCloudKitSchema.NAME for the
        CloudKitSyncDiagnostics library: the in-app "Check the CloudKit schema" then asks
        about exactly what the release gate checks. Users and CloudKit's system fields are
        left out. With one configured container its id is written too; with several,
        choose one with --container-id.

        The file is rewritten only when its content changes, so a build that runs this
        command recompiles only after a model change. Exit status: 0, or 2 when a model
        file cannot be read, no model is found, or the file cannot be written.
        """,
        spec: ArgumentSpec(options: [
            Options.output, Options.name, ModelInput.option, PipelineOptions.target, PipelineOptions.containerID,
            PipelineOptions.config,
        ]),
        run: run)

    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        let name = context.arguments.value(Options.name) ?? "app"
        guard ProbeListSource.isIdentifier(name) else {
            throw .usage("--name '\(name)' is not a Swift identifier; use letters, digits and underscores, not starting with a digit")
        }
        let configuration = try PipelineOptions.configuration(context)
        let containers = configuration.containers
        let paths = containers.first?.modelPaths ?? configuration.modelPaths.value
        // Each container's list is what the gate expects in it (the models that sync into
        // it); containers whose lists differ need a choice, the same list only a name.
        let outcomes = try PipelineOptions.engine { () throws -> [ExpectedModelSchema.Outcome] in
            try (containers.isEmpty ? [nil] : containers.map { Optional($0) }).map { container in
                try ExpectedModelSchema.build(
                    modelPaths: container?.modelPaths ?? paths, configuration: configuration, container: container,
                    workingDirectory: context.workingDirectory)
            }
        }
        let lists = outcomes.map { ProbeListSource.recordTypes(of: $0.expected.schema) }
        if lists.contains(where: { $0 != lists[0] }) {
            _ = try PipelineOptions.engine { try configuration.requireSingleContainer() }
        }
        let container = containers.count == 1 ? containers[0] : nil
        if containers.count > 1 {
            context.console.errorLine("probe-list: \(containers.count) containers are configured (\(containers.map(\.id.value).joined(separator: ", "))), so the file names none; pass --container-id to name one")
        }
        let outcome = outcomes[0]
        for line in ModelInput.diagnosticLines(outcome.model) { context.console.errorLine(line) }
        let types = ProbeListSource.recordTypes(of: outcome.expected.schema)
        let source = paths.map { UserPath.display($0, from: context.workingDirectory) }.joined(separator: ", ")
        let text = ProbeListSource.swift(types, name: name, containerIdentifier: container?.id.value, source: source)
        guard let output = context.arguments.value(Options.output) else {
            context.console.out(text)
            return 0
        }
        let path = context.path(output)
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text {
            context.console.errorLine("probe-list: \(output) is up to date (\(types.count) record types)")
            return 0
        }
        try ExactFile.write(
            text, to: path, shown: output, what: "the probe list",
            fix: "choose a writable --output path", context)
        context.console.errorLine("probe-list: wrote \(types.count) record types to \(output)")
        return 0
    }
}
