import Foundation
import ModelSource
import SchemaGateBasics

/// Configured model paths freeze what the reader sees; the app's registration does not
/// stop at them. A model the registration names but the model paths do not declare would
/// silently drop out of what Production must hold, so when the project declares it
/// elsewhere the run stops (exit 2) and names the folder to add. A name declared nowhere in
/// the project (a model from a package dependency) stays the reader's warning.
package enum ModelPathCompleteness {
    package static func require(_ model: AppModel, modelPaths: [String], configuration: ResolvedConfiguration) throws(ModelReadingError) {
        guard [.flag, .file].contains(configuration.modelPaths.source) || !configuration.configuredContainerModelPaths.isEmpty,
              let registered = model.registeredTypes else { return }
        let declared = Set(model.entities.map(\.name))
        let undeclared = Set(registered.filter { !declared.contains($0) })
        guard !undeclared.isEmpty else { return }
        let inside = modelPaths.map { CanonicalPath($0).path }
        let elsewhere = ProjectSurvey.survey(root: configuration.root).modelFiles
            .map { UserPath.absolute($0, in: configuration.root) }
            .filter { file in !inside.contains { CanonicalPath.isPrefix($0, of: CanonicalPath(file).path) } }
        guard !elsewhere.isEmpty else { return }
        let found = ModelReader.read(paths: elsewhere).entities.filter { undeclared.contains($0.name) }
        guard !found.isEmpty else { return }
        var seen = Set<String>()
        let outside = found.filter { seen.insert($0.name).inserted }.map { entity in
            (name: entity.name, file: UserPath.display(entity.file, from: configuration.root))
        }
        throw .declaredOutsideModelPaths(outside.map { "\($0.name) (declared in \($0.file))" },
                                         folders: outside.map { ($0.file as NSString).deletingLastPathComponent })
    }
}
