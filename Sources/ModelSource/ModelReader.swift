import SchemaGateBasics
/// Reads an app's persisted models from source: SwiftData `@Model` classes in `.swift`
/// files and Core Data `.xcdatamodeld` / `.xcdatamodel` bundles.
///
/// Never throws and never crashes on input: a path it cannot read, a malformed model file
/// or a property whose type cannot be told becomes a `ModelDiagnostic` naming the file.
package enum ModelReader {
    /// Reads directories (walked recursively), `.swift` files and Core Data bundles.
    /// Relative paths are resolved against the process's current directory.
    package static func read(paths: [String]) -> AppModel {
        read(paths: paths, workingDirectory: nil)
    }

    /// Like `read(paths:)`, resolving relative paths against `workingDirectory`; files are
    /// reported under the paths as given (`Models/Item.swift`), not as resolved.
    package static func read(paths: [String], workingDirectory: String?) -> AppModel {
        read(paths: paths, workingDirectory: workingDirectory, serial: false)
    }

    /// `serial` keeps every step on the calling thread (tests compare it with the
    /// parallel reading, which must give the same model).
    static func read(paths: [String], workingDirectory: String?, serial: Bool) -> AppModel {
        // Labelled as `assemble` takes them: an unlabelled tuple array is converted by a copy.
        let collected = ModelFileCollector.collect(paths, workingDirectory: workingDirectory, serial: serial) { file in
            (path: file.path, result: parse(file))
        }
        var model = assemble(collected.results, serial: serial)
        model.diagnostics = collected.diagnostics + model.diagnostics
        // Every file's declarations are done with; a command-line run leaves them to exit.
        KeptUntilExit.process.keep(collected.results)
        return model
    }

    /// The files `read(paths:workingDirectory:)` reads, found by the same walk, without
    /// reading them: absolute when `workingDirectory` is (or the paths are).
    package static func files(paths: [String], workingDirectory: String?) -> [String] {
        ModelFileCollector.plan(paths, workingDirectory: workingDirectory)
    }

    /// Reads in-memory files (for example blobs at an older git commit). Core Data models
    /// are passed as their `contents` files with the path inside the bundle
    /// (`App.xcdatamodeld/App 2.xcdatamodel/contents`) plus the bundle's `.xccurrentversion`.
    package static func read(files: [ModelSourceFile]) -> AppModel {
        read(files: files, serial: false)
    }

    static func read(files: [ModelSourceFile], serial: Bool) -> AppModel {
        // Lexing and parsing one file needs nothing from the others: all cores.
        assemble(ParallelMap.map(files.count, serial: serial) { index in (files[index].path, parse(files[index])) }, serial: serial)
    }

    /// Reads and parses files, each given as the path to report and the path to read; one
    /// that cannot be read (deleted meanwhile) is left out.
    package static func parse(files: [(path: String, readFrom: String)]) -> ParsedFiles {
        parse(files: files, serial: false)
    }

    static func parse(files: [(path: String, readFrom: String)], serial: Bool) -> ParsedFiles {
        let results = ParallelMap.map(files.count, serial: serial) { index -> FileResult in
            guard case .success(let bytes) = FileSystem.readRegularFile(files[index].readFrom) else { return .skipped }
            return parse(ModelSourceFile(path: files[index].path, contents: bytes))
        }
        return ParsedFiles(zip(files, results).map { ($0.path, $1) })
    }

    /// Parses in-memory files (git blobs, files already read).
    package static func parse(_ files: [ModelSourceFile]) -> ParsedFiles {
        parse(files, serial: false)
    }

    static func parse(_ files: [ModelSourceFile], serial: Bool) -> ParsedFiles {
        ParsedFiles(ParallelMap.map(files.count, serial: serial) { index in (files[index].path, parse(files[index])) })
    }

    /// Reads two versions of one tree (a base commit and the working tree) that share
    /// most files: `shared` is in both; `old` and `new` are the files only in (or
    /// different in) one version. The two models are assembled at the same time.
    package static func readVersions(shared: ParsedFiles, old: ParsedFiles, new: ParsedFiles) -> (old: AppModel, new: AppModel) {
        readVersions(shared: shared, old: old, new: new, serial: false)
    }

    static func readVersions(
        shared: ParsedFiles, old: ParsedFiles, new: ParsedFiles, serial: Bool
    ) -> (old: AppModel, new: AppModel) {
        let models = ParallelMap.map(2, serial: serial, minimumCount: 2) { index in
            assemble(shared.results + (index == 0 ? old : new).results, serial: serial)
        }
        return (models[0], models[1])
    }

    /// Every file's declarations, in path order, into one model.
    private static func assemble(_ parsed: [(path: String, result: FileResult)], serial: Bool) -> AppModel {
        var declarations: [SwiftFileDeclarations] = []
        var coreDataFiles: [ModelSourceFile] = []
        var problems: [ModelDiagnostic] = []
        declarations.reserveCapacity(parsed.count)
        // Sorted by position and read in place: sorting the results themselves copies
        // (and later releases) every file's declarations, and so does comparing two results'
        // paths in place (the whole result is copied to read its path).
        let paths = parsed.map(\.path)
        for index in paths.indices.sorted(by: { paths[$0] < paths[$1] }) {
            switch parsed[index].result {
            case .swift(let declarationsOfFile, let fileProblems):
                problems += fileProblems
                declarations.append(declarationsOfFile)
            case .coreData(let file):
                coreDataFiles.append(file)
            case .skipped:
                break
            }
        }
        let assembler = SwiftModelAssembler(files: declarations, serial: serial)
        let swift = assembler.assemble()
        let coreData = CoreDataModelReader.read(files: coreDataFiles)
        // An app has Swift models or Core Data ones, rarely both: `+` would copy every entity.
        let entities = coreData.entities.isEmpty ? swift.entities : swift.entities + coreData.entities
        let coreDataStores = swift.coreDataStores.isEmpty ? [] : CoreDataStores.resolve(swift.coreDataStores, models: coreData.models)
        return AppModel(
            entities: entities, registeredTypes: swift.registeredTypes,
            diagnostics: problems + swift.diagnostics + coreData.diagnostics, activeSchemaVersion: swift.activeSchemaVersion,
            stores: swift.stores + coreDataStores, unfollowedRegistrations: swift.unfollowedRegistrations)
    }

    enum FileResult: Sendable {
        case swift(SwiftFileDeclarations, [ModelDiagnostic])
        case coreData(ModelSourceFile)
        case skipped
    }

    /// Whether the reader reads a Swift file at all (it skips the others unread, without a
    /// diagnostic): `lint --staged` writes out only these.
    package static func isWorthReading(swift bytes: [UInt8]) -> Bool {
        SwiftModelParser.isWorthReading(bytes)
    }

    /// One file on its own: what a Swift file declares (and its problems), or its role.
    static func parse(_ file: ModelSourceFile) -> FileResult {
        switch file.role {
        case .swift:
            guard SwiftModelParser.isWorthReading(file.contents) else { return .skipped }
            var problems: [ModelDiagnostic] = []
            if SwiftModelParser.mayDeclareModel(file.contents), let invalid = SwiftSourceBytes.invalidUTF8Diagnostic(file.contents, file: file.path) {
                problems.append(invalid)
            }
            let parsed = SwiftModelParser.parse(file.contents, file: file.path)
            if let offset = parsed.invalidByteOffset {
                problems.append(SwiftSourceBytes.diagnostic(file.contents, offset: offset, file: file.path))
            }
            problems += parsed.unclosedModels.map { model in
                ModelDiagnostic(
                    kind: .parseError,
                    message: "\(file.path):\(model.line): the body of @Model class \(model.name) is never closed (a '}' is missing), so its properties cannot be read; fix the braces",
                    file: file.path, line: model.line)
            }
            return .swift(parsed, problems)
        case .coreDataContents, .coreDataCurrentVersion:
            return .coreData(file)
        case .other:
            return .skipped
        }
    }
}
