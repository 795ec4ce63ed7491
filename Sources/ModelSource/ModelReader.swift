/// Reads an app's persisted models from source: SwiftData `@Model` classes in `.swift`
/// files and Core Data `.xcdatamodeld` / `.xcdatamodel` bundles.
///
/// Never throws and never crashes on input: a path it cannot read, a malformed model file
/// or a property whose type cannot be told becomes a `ModelDiagnostic` naming the file.
public enum ModelReader {
    /// Directory names never walked into: build products and dependency checkouts.
    public static let skippedDirectories: Set<String> = [".build", ".git", "Pods", "DerivedData"]

    /// Reads directories (walked recursively), `.swift` files and Core Data bundles.
    /// Relative paths are resolved against the process's current directory.
    public static func read(paths: [String]) -> AppModel {
        read(paths: paths, workingDirectory: nil)
    }

    /// Like `read(paths:)`, resolving relative paths against `workingDirectory`; files are
    /// reported under the paths as given (`Models/Item.swift`), not as resolved.
    public static func read(paths: [String], workingDirectory: String?) -> AppModel {
        var collector = ModelFileCollector(workingDirectory: workingDirectory)
        for path in paths { collector.collect(path) }
        var model = read(files: collector.files)
        model.diagnostics = collector.diagnostics + model.diagnostics
        return model
    }

    /// Reads in-memory files (for example blobs at an older git commit). Core Data models
    /// are passed as their `contents` files with the path inside the bundle
    /// (`App.xcdatamodeld/App 2.xcdatamodel/contents`) plus the bundle's `.xccurrentversion`.
    public static func read(files: [ModelSourceFile]) -> AppModel {
        let sorted = files.sorted { $0.path < $1.path }
        var declarations: [SwiftFileDeclarations] = []
        var coreDataFiles: [ModelSourceFile] = []
        var problems: [ModelDiagnostic] = []
        for file in sorted {
            switch file.role {
            case .swift:
                guard SwiftModelParser.isWorthReading(file.contents) else { break }
                if SwiftModelParser.mayDeclareModel(file.contents), let invalid = UTF8Check.diagnostic(file.contents, file: file.path) {
                    problems.append(invalid)
                }
                let parsed = SwiftModelParser.parse(file.contents, file: file.path)
                problems += parsed.unclosedModels.map { model in
                    ModelDiagnostic(
                        kind: .parseError,
                        message: "\(file.path):\(model.line): the body of @Model class \(model.name) is never closed (a '}' is missing), so its properties cannot be read; fix the braces",
                        file: file.path, line: model.line)
                }
                declarations.append(parsed)
            case .coreDataContents, .coreDataCurrentVersion:
                coreDataFiles.append(file)
            case .other:
                break
            }
        }
        let swift = SwiftModelAssembler(files: declarations).assemble()
        let coreData = CoreDataModelReader.read(files: coreDataFiles)
        return AppModel(
            entities: swift.entities + coreData.entities, registeredTypes: swift.registeredTypes,
            diagnostics: problems + swift.diagnostics + coreData.diagnostics, activeSchemaVersion: swift.activeSchemaVersion)
    }
}
