import Foundation
import SchemaGateBasics

/// Gathers model source files from paths on disk: walks directories (sorted, so results
/// are stable; skipping build and dependency folders, `SkippedFolders`; following symbolic links at most
/// once per real directory), reads `.swift` files and Core Data bundles, and turns every
/// path it cannot read into a diagnostic naming it.
///
/// The walk only lists directories and plans the reads; the reads (and whatever the caller
/// does with each file) run on every core as soon as they are planned, while the walk goes
/// on, and their results are put back in walk order, so results and diagnostics come out
/// as a serial walk's would.
struct ModelFileCollector {
    private let workingDirectory: String?
    private var visited = Set<String>()
    /// The paths given, not yet walked.
    private var roots: ArraySlice<String>
    /// The directories being walked, the innermost last.
    private var directories: [Listing] = []
    /// Steps found and not yet handed out, first first (a bundle plans several at once).
    private var found: [Step] = []
    private var nextFound = 0
    /// Deeper trees are not app sources; the bound also stops pathological nesting.
    private let maximumDepth = 64
    /// Whether listed folders are held open for reading their files (not when only planning).
    private let holdsFolders: Bool

    /// What the walk found, in order: a problem to report now, or a file to read (given,
    /// in a bundle, or in a listed folder; such a file's paths are made where it is read).
    private enum Step {
        case problem(ModelDiagnostic)
        case read(real: String, shown: String)
        case readInFolder(Folder, name: String)
    }

    /// A directory the walk listed: its paths, and the directory held open for reading
    /// its files, when it could be (dropped with the last of its files).
    private final class Folder: Sendable {
        let real: String
        let shown: String
        /// realpath(3) of `real`: a folder inside it that is no symbolic link is this
        /// plus its name, no system call needed.
        let canonical: String
        let held: OpenDirectory?

        init(real: String, shown: String, canonical: String, held: OpenDirectory?) {
            self.real = real
            self.shown = shown
            self.canonical = canonical
            self.held = held
        }
    }

    /// A directory the walk is in: its sorted entries and the next one to look at.
    private struct Listing {
        let folder: Folder
        let depth: Int
        let entries: [FileSystem.Entry]
        var next = 0
    }

    private init(_ paths: [String], workingDirectory: String?, holdsFolders: Bool) {
        roots = paths[...]
        self.workingDirectory = workingDirectory
        self.holdsFolders = holdsFolders
    }

    /// Walks every path and reads the files it finds on every core (unless `serial`),
    /// handing each one that can matter to `process` right after reading it, while its
    /// bytes are still in cache. Results and problems come back in walk order.
    static func collect<Result>(
        _ paths: [String], workingDirectory: String?, serial: Bool = false, process: (ModelSourceFile) -> Result
    ) -> (results: [Result], diagnostics: [ModelDiagnostic]) {
        var walk = ModelFileCollector(paths, workingDirectory: workingDirectory, holdsFolders: true)
        var outcomes = ParallelMap.mapWhileProducing(serial: serial, next: { walk.nextStep() }) { step -> Outcome<Result>? in
            switch step {
            case .problem(let diagnostic):
                return .problem(diagnostic)
            case .read(let real, let shown):
                return outcome(of: FileSystem.readRegularFile(real), shown: shown, process)
            case .readInFolder(let folder, let name):
                let real = { Self.path(folder.real, name) }
                let read = folder.held.map { $0.readRegularFile(named: name, path: real()) } ?? FileSystem.readRegularFile(real())
                return outcome(of: read, shown: Self.path(folder.shown, name), process)
            }
        }
        var results: [Result] = []
        results.reserveCapacity(outcomes.count)
        var diagnostics: [ModelDiagnostic] = []
        // Each outcome is moved out, not copied: a copy retained every file's declarations
        // on this one thread while the others waited, and freeing the outcomes released them.
        for index in outcomes.indices {
            switch outcomes[index].take() {
            case .problem(let diagnostic)?: diagnostics.append(diagnostic)
            case .processed(let result)?: results.append(result)
            case nil: break
            }
        }
        return (results, diagnostics)
    }

    /// The files `collect` would read, as paths to read (through any symbolic link the walk
    /// followed), in walk order, without reading them. Change detection takes the reader's
    /// file set from here, so the two cannot see different files.
    static func plan(_ paths: [String], workingDirectory: String?) -> [String] {
        var walk = ModelFileCollector(paths, workingDirectory: workingDirectory, holdsFolders: false)
        var files: [String] = []
        while let step = walk.nextStep() {
            switch step {
            case .problem: break
            case .read(let real, _): files.append(real)
            case .readInFolder(let folder, let name): files.append(path(folder.real, name))
            }
        }
        return files
    }

    private enum Outcome<Result> {
        case processed(Result)
        case problem(ModelDiagnostic)
    }

    /// The walk's next step, nil when every path is walked: depth first, each directory's
    /// entries in sorted order, as a recursive walk would find them.
    private mutating func nextStep() -> Step? {
        while true {
            if nextFound < found.count {
                nextFound += 1
                return found[nextFound - 1]
            }
            found.removeAll(keepingCapacity: true)
            nextFound = 0
            if !directories.isEmpty {
                visitNextEntry()
            } else if let path = roots.popFirst() {
                collect(path)
            } else {
                return nil
            }
        }
    }

    private mutating func collect(_ path: String) {
        let shown = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let real = resolve(shown)
        switch FileSystem.kind(of: real) {
        case .missing:
            unreadable(shown, "no such file or directory (or a broken symbolic link)")
        case .directory:
            if isModelBundle(shown) { collectBundle(real, shown: shown) } else { enter(real, shown: shown, canonical: nil, depth: 0) }
        case .other:
            if shown.hasSuffix(".swift") || ModelSourceFile(path: shown, contents: []).role != .other {
                found.append(.read(real: real, shown: shown))
            } else {
                unreadable(shown, "not a model source: give directories, .swift files or .xcdatamodeld / .xcdatamodel bundles")
            }
        }
    }

    private func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let workingDirectory else { return path }
        return UserPath.absolute(path, in: workingDirectory)
    }

    private func isModelBundle(_ path: String) -> Bool {
        path.hasSuffix(".xcdatamodeld") || path.hasSuffix(".xcdatamodel")
    }

    /// Lists a directory (once per real directory) for the walk to go through; `canonical`
    /// is its realpath(3) when the walk knows it.
    private mutating func enter(_ real: String, shown: String, canonical: String?, depth: Int) {
        guard depth < maximumDepth else { return }
        let canonical = canonical ?? CanonicalPath(real).path
        guard visited.insert(canonical).inserted else { return }
        switch FileSystem.list(real) {
        case .success(let entries):
            let hasFiles = holdsFolders && entries.contains { $0.kind == .other && $0.name.hasSuffix(".swift") }
            let held = hasFiles ? DirectoryHolder.process.hold(real) : nil
            let folder = Folder(real: real, shown: shown, canonical: canonical, held: held)
            directories.append(Listing(folder: folder, depth: depth, entries: entries))
        case .failure(let error):
            unreadable(shown, "cannot list the directory (\(error.localizedDescription))")
        }
    }

    /// Takes the innermost open directory's next entry (or leaves the directory when it has none).
    private mutating func visitNextEntry() {
        let top = directories.count - 1
        guard directories[top].next < directories[top].entries.count else {
            directories.removeLast()
            return
        }
        let entry = directories[top].entries[directories[top].next]
        directories[top].next += 1
        let folder = directories[top].folder
        switch entry.kind {
        case .missing:
            if entry.name.hasSuffix(".swift") { unreadable(Self.path(folder.shown, entry.name), "a broken symbolic link") }
        case .directory:
            if SkippedFolders.skips(entry.name) { return }
            let real = Self.path(folder.real, entry.name), shown = Self.path(folder.shown, entry.name)
            if isModelBundle(entry.name) {
                collectBundle(real, shown: shown)
            } else {
                let canonical = entry.mayBeLink ? nil : CanonicalPath.join(folder.canonical, entry.name)
                enter(real, shown: shown, canonical: canonical, depth: directories[top].depth + 1)
            }
        case .other:
            if entry.name.hasSuffix(".swift") { found.append(.readInFolder(folder, name: entry.name)) }
        }
    }

    /// `directory/name` written once into a string of its final size (`a + "/" + b` makes
    /// a string for each `+`, and growing a copy costs about as much; a walk makes two
    /// paths per file).
    private static func path(_ directory: String, _ name: String) -> String {
        var directory = directory, name = name
        return directory.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { path in
                    var end = path.initialize(fromContentsOf: head)
                    path[end] = UInt8(ascii: "/")
                    end += 1
                    end = path[end...].initialize(fromContentsOf: tail)
                    return end
                }
            }
        }
    }

    /// An `.xcdatamodeld` (its `.xccurrentversion` and every version's `contents`) or a
    /// lone `.xcdatamodel` (its `contents`).
    private mutating func collectBundle(_ real: String, shown: String) {
        if shown.hasSuffix(".xcdatamodel") {
            found.append(.read(real: real + "/contents", shown: shown + "/contents"))
            return
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: real).sorted()) ?? []
        if entries.contains(".xccurrentversion") {
            found.append(.read(real: real + "/.xccurrentversion", shown: shown + "/.xccurrentversion"))
        }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }
        if versions.isEmpty { unreadable(shown, "a Core Data model bundle with no .xcdatamodel version inside") }
        for version in versions {
            found.append(.read(real: real + "/" + version + "/contents", shown: shown + "/" + version + "/contents"))
        }
    }

    /// What reading a file gave: its processed contents, or a problem saying why it could
    /// not be read (missing, a FIFO, unreadable), never a blocking read.
    private static func outcome<Result>(
        of read: Swift.Result<[UInt8], FileSystem.ReadError>, shown: String, _ process: (ModelSourceFile) -> Result
    ) -> Outcome<Result> {
        switch read {
        case .success(let bytes): return .processed(process(ModelSourceFile(path: shown, contents: bytes)))
        case .failure(.missing): return .problem(diagnostic(shown, "no such file (or a broken symbolic link)"))
        case .failure(.notRegular): return .problem(diagnostic(shown, "not a regular file"))
        case .failure(.unreadable): return .problem(diagnostic(shown, "cannot read the file (check its permissions)"))
        }
    }

    /// Walk problems keep their place among the planned reads.
    private mutating func unreadable(_ path: String, _ reason: String) {
        found.append(.problem(Self.diagnostic(path, reason)))
    }

    private static func diagnostic(_ path: String, _ reason: String) -> ModelDiagnostic {
        ModelDiagnostic(kind: .unreadableFile, message: "\(path): \(reason)", file: path)
    }
}
