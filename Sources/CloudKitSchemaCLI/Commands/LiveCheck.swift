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
            var check = ContainerCheck(
                configuration: configuration, environment: context.environment, workingDirectory: context.workingDirectory,
                log: { context.console.errorLine("check: \($0)") })
            // A live Production export is kept, so a later gate knows what Production holds.
            check.record = ProductionRecord.Store.locate(workingDirectory: context.workingDirectory, environment: context.environment)
            return try check.run(containers) { container, label in
                useModels ? try ExpectedModelSchema.build(
                    modelPaths: container.modelPaths, configuration: configuration, container: container,
                    workingDirectory: context.workingDirectory, label: label) : nil
            }
        }
        return try ReportOutput.emit(report, context)
    }
}
