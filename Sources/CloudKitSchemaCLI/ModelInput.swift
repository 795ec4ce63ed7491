import ModelSource
import SchemaGate

/// Reading `--models DIR...` for any command: relative paths resolve against the working
/// directory and are reported as the user typed them.
enum ModelInput {
    static let option = OptionSpec(
        "models", .multiple, value: "DIR",
        help: "App model sources: directories (searched recursively), .swift files, .xcdatamodeld bundles.")

    /// The models under the given paths. Finding no model at all is an input error: the
    /// paths are almost certainly wrong, and an empty model would make every check pass.
    static func read(_ context: CommandContext) throws(CLIError) -> AppModel {
        let paths = context.arguments.all("models")
        guard !paths.isEmpty else { throw .usage("give the app's model sources with --models DIR...") }
        let model = ModelReader.read(paths: paths, workingDirectory: context.workingDirectory)
        guard !model.entities.isEmpty else {
            var message = "found no @Model class or Core Data entity in \(paths.joined(separator: ", ")); point --models at the app's model sources"
            for diagnostic in model.diagnostics { message += "\n  \(diagnostic.message)" }
            throw .input(message)
        }
        return model
    }

    static func hasInputProblems(_ model: AppModel) -> Bool {
        model.diagnostics.contains(where: ModelDiagnosticFindings.isInputProblem)
    }

    /// `warning: file:line: message` lines for stderr.
    static func diagnosticLines(_ model: AppModel) -> [String] {
        model.diagnostics.map { diagnostic in
            let kind = ModelDiagnosticFindings.isInputProblem(diagnostic) ? "error" : "warning"
            let place = diagnostic.file.isEmpty ? "" : "\(diagnostic.file)\(diagnostic.line.map { ":\($0)" } ?? ""): "
            return "\(place)\(kind): \(diagnostic.message) [\(diagnostic.kind.rawValue)]"
        }
    }
}
