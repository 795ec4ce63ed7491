import Foundation

/// Reads Core Data models: `.xcdatamodeld` bundles (the version `.xccurrentversion`
/// names) and lone `.xcdatamodel` bundles, from their `contents` XML.
enum CoreDataModelReader {
    /// One model read: its name (`Model` for `Model.xcdatamodeld`, which
    /// `NSPersistentContainer(name: "Model")` loads), its entities and configurations.
    struct Model {
        var name: String
        var entities: [String]
        var configurations: [CoreDataContentsParser.Configuration]
    }

    static func read(files: [ModelSourceFile]) -> (entities: [Entity], models: [Model], diagnostics: [ModelDiagnostic]) {
        var standalone: [ModelSourceFile] = []
        var versionsByBundle: [String: [ModelSourceFile]] = [:]
        var currentByBundle: [String: ModelSourceFile] = [:]
        for file in files {
            switch file.role {
            case .coreDataContents(_, let bundle?): versionsByBundle[bundle, default: []].append(file)
            case .coreDataContents(_, nil): standalone.append(file)
            case .coreDataCurrentVersion(let bundle): currentByBundle[bundle] = file
            default: break
            }
        }
        var entities: [Entity] = []
        var models: [Model] = []
        var diagnostics: [ModelDiagnostic] = []
        var chosen = standalone
        for bundle in Set(versionsByBundle.keys).union(currentByBundle.keys).sorted() {
            let (file, problems) = currentVersion(of: bundle, versions: versionsByBundle[bundle] ?? [], marker: currentByBundle[bundle])
            diagnostics += problems
            if let file { chosen.append(file) }
        }
        for file in chosen.sorted(by: { $0.path < $1.path }) {
            let result = CoreDataContentsParser.parse(file.contents, file: file.path)
            entities += result.entities
            models.append(Model(name: modelName(file.path), entities: result.entities.map(\.name), configurations: result.configurations))
            diagnostics += result.diagnostics
        }
        return (entities, models, diagnostics)
    }

    /// The version named by `.xccurrentversion`; without a usable marker, the only version
    /// or else the highest-named one, said in a diagnostic.
    private static func currentVersion(
        of bundle: String, versions: [ModelSourceFile], marker: ModelSourceFile?
    ) -> (ModelSourceFile?, [ModelDiagnostic]) {
        // Xcode names versions `App`, `App 2`, `App 3`: compare the names, not the paths.
        let sorted = versions.sorted { VersionRules.naturalLess(versionName($0.path), versionName($1.path)) }
        if let marker {
            guard let name = currentVersionName(marker.contents) else {
                return (sorted.last, [ModelDiagnostic(
                    kind: .parseError,
                    message: "\(marker.path) does not name a model version (_XCCurrentVersionName); read the newest version instead\(sorted.last.map { ": \($0.path)" } ?? "")",
                    file: marker.path)])
            }
            let path = "\(bundle)/\(name)/contents"
            if let match = versions.first(where: { $0.path == path }) { return (match, []) }
            return (sorted.last, [ModelDiagnostic(
                kind: .unreadableFile,
                message: "\(marker.path) names the current model version \(name), but \(path) was not found; restore it or fix .xccurrentversion",
                file: marker.path)])
        }
        if sorted.count > 1, let newest = sorted.last {
            return (newest, [ModelDiagnostic(
                kind: .parseError,
                message: "\(bundle) has several model versions but no .xccurrentversion; read the newest, \(newest.path)",
                file: bundle)])
        }
        return (sorted.last, [])
    }

    /// The model a `contents` file belongs to: `Model` for `Model.xcdatamodeld/Model 2.xcdatamodel/contents`
    /// (the bundle) or `Model.xcdatamodel/contents`.
    static func modelName(_ contentsPath: String) -> String {
        let components = contentsPath.split(separator: "/")
        if let bundle = components.last(where: { $0.hasSuffix(".xcdatamodeld") }) { return String(bundle.dropLast(".xcdatamodeld".count)) }
        if let version = components.last(where: { $0.hasSuffix(".xcdatamodel") }) { return String(version.dropLast(".xcdatamodel".count)) }
        return contentsPath
    }

    private static func versionName(_ contentsPath: String) -> String {
        let bundle = contentsPath.hasSuffix("/contents") ? String(contentsPath.dropLast("/contents".count)) : contentsPath
        return bundle.hasSuffix(".xcdatamodel") ? String(bundle.dropLast(".xcdatamodel".count)) : bundle
    }

    /// `_XCCurrentVersionName` from the property list in `.xccurrentversion`.
    static func currentVersionName(_ bytes: [UInt8]) -> String? {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
              let dictionary = plist as? [String: Any], let name = dictionary["_XCCurrentVersionName"] as? String,
              !name.isEmpty else { return nil }
        return name
    }
}
