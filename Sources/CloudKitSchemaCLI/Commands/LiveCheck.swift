import Foundation
import SchemaGate

/// `check` without export files: Production and Development exported with cktool for
/// every configured container (where cktool is unavailable, Production from the committed
/// snapshot), measured against the models (when given or configured) and Development,
/// exactly as with files.
enum LiveCheck {
    static func run(_ context: CommandContext) throws(CLIError) -> Int32 {
        _ = try ReportOutput.format(context)
        let configuration = try PipelineOptions.configuration(context)
        let report = try PipelineOptions.engine { () throws -> Report in
            let containers = try configuration.requireContainers()
            // Models only when asked for: --models, or modelPaths in the configuration.
            let useModels = configuration.modelPaths.source != .defaultValue
            var cktool: CKToolRunner?
            var findings: [Finding] = []
            var notes: [String] = []
            var bases: [String] = []
            for container in containers {
                let label = containers.count > 1 ? " (\(container.id.value))" : ""
                let models = useModels ? try ExpectedModelSchema.build(
                    modelPaths: container.modelPaths, configuration: configuration,
                    workingDirectory: context.workingDirectory, label: label) : nil
                let schemas = try EnvironmentSchemas.load(
                    container: container, configuration: configuration, productionFile: nil, developmentFile: nil,
                    label: label, environment: context.environment, workingDirectory: context.workingDirectory,
                    cktool: &cktool, log: { context.console.errorLine("check: \($0)") })
                let drift = SchemaCheck(
                    production: schemas.production, references: schemas.development.map { [$0] } ?? [],
                    expected: models?.expected).run()
                notes += [schemas.note] + (models?.notes ?? ["Models\(label): none given (--models or modelPaths); measured against Development only."]) + drift.notes
                findings += drift.findings + (models?.findings ?? [])
                if let basis = schemas.basis { bases.append(basis) }
            }
            var report = Report(command: "check", findings: findings, notes: notes)
            report.basis = bases.isEmpty ? nil : bases.joined(separator: "; ")
            return report
        }
        return try ReportOutput.emit(report, context)
    }
}
