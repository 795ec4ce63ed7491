import Foundation
import ModelSource
import SchemaGateBasics

/// The schema a container's models require: the models read from its model paths that
/// sync into it (Docs/StoreMembership.md), with the configuration's severities. The one
/// place the gate, `check`, `create`'s verification and `doctor` get it from. Fails closed:
/// no model found, or a model file that cannot be read, stops the run (exit 2) instead of
/// expecting less; where the code does not settle where a model syncs, it is expected.
package enum ExpectedModelSchema {
    package struct Outcome: Sendable {
        package var expected: ExpectedSchema
        package var model: AppModel
        /// Where each model syncs, as the code (and `localModels`) says.
        package var membership: StoreMembership
        /// What was read, and what the membership assumed (each with how to settle it).
        package var notes: [String]
        /// Findings of the membership itself: `localModels` entries the code contradicts,
        /// models that sync into a container that is not checked. The same for every
        /// container of a run: report them once.
        package var membershipFindings: [Finding]

        /// Reading problems that do not stop the run (unknown types, registration
        /// mismatches): derived from the model, by the one mapping.
        package var findings: [Finding] { ModelDiagnosticFindings.findings(for: model) }
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

    /// Reads the models at `modelPaths` and builds `container`'s expected schema.
    /// - Parameter container: the container whose Production is measured (nil: every model
    ///   that syncs anywhere, for `doctor`).
    /// - Parameter workingDirectory: model files are reported relative to it when inside it.
    /// - Parameter read: the model reader (the shown paths, the working directory).
    package static func build(
        modelPaths: [String], configuration: ResolvedConfiguration, container: ResolvedContainer?, workingDirectory: String,
        label: String = "", read: ([String], String) -> AppModel = { ModelReader.read(paths: $0, workingDirectory: $1) }
    ) throws(ModelReadingError) -> Outcome {
        let shown = shownPaths(modelPaths, workingDirectory: workingDirectory)
        return try build(model: read(shown, workingDirectory), shown: shown, configuration: configuration, container: container, label: label)
    }

    /// The model paths as notes and the reader name them.
    package static func shownPaths(_ modelPaths: [String], workingDirectory: String) -> [String] {
        modelPaths.map { UserPath.display($0, from: workingDirectory) }
    }

    /// `container`'s expected schema from models already read (the gate reads each set of
    /// model paths once, then builds each container's schema from it).
    package static func build(
        model: AppModel, shown: [String], configuration: ResolvedConfiguration, container: ResolvedContainer?, label: String = ""
    ) throws(ModelReadingError) -> Outcome {
        let problems = model.diagnostics.filter(ModelDiagnosticFindings.isInputProblem)
        guard problems.isEmpty else {
            throw .unreadable(problems.map(ModelDiagnosticFindings.located))
        }
        guard !model.entities.isEmpty else { throw .noModels(shown) }
        let membership = StoreMembership(model: model, localModels: configuration.localModels)
        let expected = ExpectedSchema.build(from: model, options: options(configuration), membership: membership, container: container?.id.value)
        let checked = configuration.containers.map(\.id.value)
        var notes = [note(model: model, expected: expected, shown: shown, label: label)]
        notes += membership.notes(for: model.entities, container: container?.id.value, checked: checked).map { label.isEmpty ? $0 : $0.replacingOccurrences(of: "Stores: ", with: "Stores\(label): ") }
        return Outcome(
            expected: expected, model: model, membership: membership, notes: notes,
            membershipFindings: membership.findings + membership.uncheckedContainerFindings(checked: checked, entities: model.entities))
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
