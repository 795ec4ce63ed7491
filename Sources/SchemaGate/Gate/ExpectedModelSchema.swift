import Foundation
import ModelSource
import SchemaGateBasics

/// The schema a container's models require, read from its model paths, with the
/// configuration's severities. Fails closed: no model found, or a model file that cannot
/// be read, stops the run (exit 2) instead of expecting less.
package enum ExpectedModelSchema {
    package struct Outcome: Sendable {
        package var expected: ExpectedSchema
        package var model: AppModel
        package var notes: [String]
        /// The model paths as shown in notes.
        var shownPaths: [String]

        /// Reading problems that do not stop the run (unknown types, registration
        /// mismatches): derived from the model, by the one mapping.
        package var findings: [Finding] { ModelDiagnosticFindings.findings(for: model) }

        /// The same models, named in the notes as a container's (` (iCloud.a)`) when
        /// several containers share one set of model paths.
        package func labeled(_ label: String) -> Outcome {
            var outcome = self
            outcome.notes = [ExpectedModelSchema.note(model: model, expected: expected, shown: shownPaths, label: label)]
            return outcome
        }
    }

    package static func options(_ configuration: ResolvedConfiguration) -> ExpectedSchemaOptions {
        let severities = configuration.severities
        return ExpectedSchemaOptions(
            sharesRecords: configuration.sharesRecords,
            stringAssetSeverity: severities.stringAssetField?.severity ?? ExpectedSchemaOptions.default.stringAssetSeverity,
            dataAssetSeverity: severities.dataAssetField?.severity ?? ExpectedSchemaOptions.default.dataAssetSeverity,
            moveReceiptSeverity: severities.moveReceipt?.severity,
            includeUnregisteredModels: configuration.includeUnregisteredModels)
    }

    /// - Parameter workingDirectory: model files are reported relative to it when inside it.
    /// - Parameter read: the model reader (the shown paths, the working directory).
    package static func build(
        modelPaths: [String], configuration: ResolvedConfiguration, workingDirectory: String, label: String = "",
        read: ([String], String) -> AppModel = { ModelReader.read(paths: $0, workingDirectory: $1) }
    ) throws(ModelReadingError) -> Outcome {
        let shown = modelPaths.map { UserPath.display($0, from: workingDirectory) }
        let model = read(shown, workingDirectory)
        let problems = model.diagnostics.filter(ModelDiagnosticFindings.isInputProblem)
        guard problems.isEmpty else {
            throw .unreadable(problems.map(ModelDiagnosticFindings.located))
        }
        guard !model.entities.isEmpty else { throw .noModels(shown) }
        let expected = ExpectedSchema.build(from: model, options: options(configuration))
        return Outcome(
            expected: expected, model: model, notes: [note(model: model, expected: expected, shown: shown, label: label)],
            shownPaths: shown)
    }

    static func note(model: AppModel, expected: ExpectedSchema, shown: [String], label: String) -> String {
        let types = expected.schema.recordTypes.filter { $0.name != "Users" }.count
        let version = model.activeSchemaVersion.map { ", schema version \($0)" } ?? ""
        return "Models\(label): read \(model.entities.count) model\(model.entities.count == 1 ? "" : "s") from \(shown.joined(separator: ", "))\(version); they need \(types) record type\(types == 1 ? "" : "s")."
    }
}

package enum ModelReadingError: Error, Equatable, Sendable, ActionableError {
    case noModels([String])
    case unreadable([String])
    /// Registered models declared outside the configured model paths, and their folders.
    case declaredOutsideModelPaths([String], folders: [String])

    package var category: ErrorCategory { .input }

    package var message: String {
        switch self {
        case .noModels(let paths):
            return "found no @Model class or Core Data entity in \(paths.joined(separator: ", ")): set \"modelPaths\" in .cloudkit-schema.json (or pass --models) to the app's model sources"
        case .declaredOutsideModelPaths(let models, let folders):
            var unique: [String] = []
            for folder in folders where !unique.contains(folder) { unique.append(folder.isEmpty ? "." : folder) }
            return "the app registers \(models.joined(separator: ", ")), outside the configured model paths, so what Production must hold would be read without \(models.count == 1 ? "it" : "them"): add \(unique.joined(separator: ", ")) to modelPaths in .cloudkit-schema.json (or remove modelPaths: the project survey then finds every model folder)"
        case .unreadable(let problems):
            return "model sources could not be read, so the expected schema would be incomplete (\(problems.joined(separator: "; "))): fix the files or leave them out of modelPaths"
        }
    }
}
