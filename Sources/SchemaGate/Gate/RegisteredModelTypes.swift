import ModelSource
import SchemaGateBasics

/// What the scaffold registers: the active `VersionedSchema` when the app has versions
/// (its `models` list is exactly what the app registers), else the registered model
/// types, else (no registration, or one the reader could not follow) every declared model.
package enum RegisteredModelTypes {
    package static func find(modelPaths: [String], workingDirectory: String) throws(ModelReadingError) -> InitializerScaffold.Models {
        let shown = modelPaths.map { UserPath.display($0, from: workingDirectory) }
        let model = ModelReader.read(paths: shown, workingDirectory: workingDirectory)
        if let version = model.activeSchemaVersion, InitializerScaffold.isTypeName(version) {
            return .versionedSchema(version)
        }
        // A registration not followed makes the registered types only part of it.
        let registered = model.registrationIsComplete ? model.registeredTypes : nil
        let names = registered ?? model.entities.map(\.name)
        var unique: [String] = []
        for name in names where !unique.contains(name) && InitializerScaffold.isTypeName(name) { unique.append(name) }
        guard !unique.isEmpty else { throw .noModels(shown) }
        return .types(unique)
    }
}
