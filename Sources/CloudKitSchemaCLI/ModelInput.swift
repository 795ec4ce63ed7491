import ModelSource
import SchemaGate
import SchemaGateBasics

/// The app's models for any command: `--models PATH...` when given (relative to the
/// working directory), else the model paths of the one configuration resolution (the
/// file's `modelPaths`, else the folders the project survey finds), so `models`,
/// `expected`, `check`, `lint` and the gate read the same files. Paths are reported as
/// the user sees them from the working directory.
enum ModelInput {
    static let option = OptionSpec(
        "models", .multiple, value: "DIR",
        help: "App model sources: directories (searched recursively), .swift files, .xcdatamodeld bundles (default: the configuration's modelPaths, else the folders of the project's @Model sources).")

    /// The resolved model paths, shown relative to the working directory, and where they came from.
    static func paths(_ configuration: ResolvedConfiguration, _ context: CommandContext) -> (shown: [String], origin: String) {
        let paths = configuration.modelPaths
        var shown = paths.value.map { UserPath.display($0, from: context.workingDirectory) }
        switch paths.source {
        case .flag:
            // --models as typed (then --target's sources).
            let typed = context.arguments.declares(option) ? context.arguments.all(option) : []
            if typed.count <= shown.count { shown.replaceSubrange(0..<typed.count, with: typed) }
            return (shown, paths.origin)
        case .file: return (shown, "modelPaths of \(configuration.file.map { UserPath.display($0, from: context.workingDirectory) } ?? ConfigFile.fileName)")
        case .survey: return (shown, "the folders of the project's model sources")
        case .environment, .defaultValue: return (shown, "the project's root: no modelPaths configured and no @Model source found")
        }
    }

    /// The models under the resolved paths. Finding no model at all is an input error: the
    /// paths are almost certainly wrong, and an empty model would make every check pass.
    static func read(_ context: CommandContext) throws(CLIError) -> AppModel {
        try read(PipelineOptions.configuration(context), context)
    }

    static func read(_ configuration: ResolvedConfiguration, _ context: CommandContext) throws(CLIError) -> AppModel {
        let (paths, origin) = paths(configuration, context)
        let model = ModelReader.read(paths: paths, workingDirectory: context.workingDirectory)
        guard !model.entities.isEmpty else {
            let fix = "point --models at the app's model sources"
                + (configuration.modelPaths.source == .file
                    ? " or fix modelPaths in \(configuration.file.map { UserPath.display($0, from: context.workingDirectory) } ?? ConfigFile.fileName)" : "")
            let problems = model.diagnostics.filter(ModelDiagnosticFindings.isInputProblem)
            // A wrong path is said once: the reader's message names it.
            guard problems.isEmpty else {
                throw .input(problems.map(ModelDiagnosticFindings.located).joined(separator: "; ") + " (from \(origin)); \(fix)")
            }
            throw .input("found no @Model class or Core Data entity in \(paths.joined(separator: ", ")) (\(origin)); \(fix)")
        }
        return model
    }

    static func hasInputProblems(_ model: AppModel) -> Bool {
        model.diagnostics.contains(where: ModelDiagnosticFindings.isInputProblem)
    }

    /// `models` and `expected` list what they read, and end in exit 2 when some of it was
    /// unreadable (the status of an input error).
    static func exitStatus(_ model: AppModel) -> Int32 {
        (hasInputProblems(model) ? ReportStatus.error : .pass).exitCode
    }

    /// `file:line: warning: message` lines for stderr (the path said once).
    static func diagnosticLines(_ model: AppModel) -> [String] {
        model.diagnostics.map { diagnostic in
            let kind = switch ModelDiagnosticFindings.severity(of: diagnostic.kind) {
            case .error: "error"
            case .warning: "warning"
            case .info: "note"
            }
            var message = diagnostic.message
            if !diagnostic.file.isEmpty, message.hasPrefix(diagnostic.file + ": ") { message.removeFirst(diagnostic.file.count + 2) }
            let place = diagnostic.file.isEmpty ? "" : "\(diagnostic.file)\(diagnostic.line.map { ":\($0)" } ?? ""): "
            return "\(place)\(kind): \(message) [\(diagnostic.kind.rawValue)]"
        }
    }
}
