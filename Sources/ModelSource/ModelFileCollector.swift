import Foundation
import SchemaGateBasics

/// Gathers model source files from paths on disk: walks directories (sorted, so results
/// are stable; skipping build and dependency folders, `SkippedFolders`; following symbolic links at most
/// once per real directory), reads `.swift` files and Core Data bundles, and turns every
/// path it cannot read into a diagnostic naming it.
///
/// The walk only lists directories and plans the reads; the reads (and whatever the caller
/// does with each file) then run on every core, and their results are put back in walk
/// order, so results and diagnostics come out as a serial walk's would.
struct ModelFileCollector {
    private var diagnostics: [ModelDiagnostic] = []
    private let workingDirectory: String?
    private var visited = Set<String>()
    private var plan: [Step] = []
    /// Deeper trees are not app sources; the bound also stops pathological nesting.
    private let maximumDepth = 64

    /// What the walk found, in order: a problem to report now, or a file to read later.
    private enum Step {
        case problem(ModelDiagnostic)
        case read(real: String, shown: String)
    }

    private init(workingDirectory: String?) {
        self.workingDirectory = workingDirectory
    }

    /// Walks every path, then reads the files it found on every core (unless `serial`),
    /// handing each one that can matter to `process` right after reading it, while its
    /// bytes are still in cache. Results and problems come back in walk order.
    static func collect<Result>(
        _ paths: [String], workingDirectory: String?, serial: Bool = false, process: (ModelSourceFile) -> Result
    ) -> (results: [Result], diagnostics: [ModelDiagnostic]) {
        var collector = ModelFileCollector(workingDirectory: workingDirectory)
        for path in paths { collector.collect(path) }
        let plan = collector.plan
        var outcomes = ParallelMap.map(plan.count, serial: serial) { index -> Outcome<Result>? in
            guard case .read(let real, let shown) = plan[index] else { return nil }
            switch read(real, shown: shown) {
            case .contents(let bytes): return .processed(process(ModelSourceFile(path: shown, contents: bytes)))
            case .unreadable(let reason): return .unreadable(reason)
            }
        }
        var results: [Result] = []
        results.reserveCapacity(plan.count)
        var diagnostics: [ModelDiagnostic] = []
        // Each outcome is moved out, not copied: a copy retained every file's declarations
        // on this one thread while the others waited, and freeing the outcomes released them.
        for (index, step) in plan.enumerated() {
            switch (step, outcomes[index].take()) {
            case (.problem(let diagnostic), _): diagnostics.append(diagnostic)
            case (.read(_, let shown), .unreadable(let reason)?): diagnostics.append(Self.diagnostic(shown, reason))
            case (.read, .processed(let result)?): results.append(result)
            case (.read, nil): break
            }
        }
        return (results, diagnostics)
    }

    /// The files `collect` would read, as paths to read (through any symbolic link the walk
    /// followed), in walk order, without reading them. Change detection takes the reader's
    /// file set from here, so the two cannot see different files.
    static func plan(_ paths: [String], workingDirectory: String?) -> [String] {
        var collector = ModelFileCollector(workingDirectory: workingDirectory)
        for path in paths { collector.collect(path) }
        return collector.plan.compactMap { step in
            if case .read(let real, _) = step { return real }
            return nil
        }
    }

    private enum Outcome<Result> {
        case processed(Result)
        case unreadable(String)
    }

    private mutating func collect(_ path: String) {
        let shown = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let real = resolve(shown)
        switch FileSystem.kind(of: real) {
        case .missing:
            unreadable(shown, "no such file or directory (or a broken symbolic link)")
        case .directory:
            if isModelBundle(shown) { collectBundle(real, shown: shown) } else { walk(real, shown: shown, depth: 0) }
        case .other:
            if shown.hasSuffix(".swift") || ModelSourceFile(path: shown, contents: []).role != .other {
                plan.append(.read(real: real, shown: shown))
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

    private mutating func walk(_ real: String, shown: String, depth: Int) {
        guard depth < maximumDepth, visited.insert(CanonicalPath(real).path).inserted else { return }
        let entries: [FileSystem.Entry]
        switch FileSystem.list(real) {
        case .success(let listed): entries = listed
        case .failure(let error):
            unreadable(shown, "cannot list the directory (\(error.localizedDescription))")
            return
        }
        for entry in entries where !(entry.kind == .directory && SkippedFolders.skips(entry.name)) {
            let realEntry = Self.path(real, entry.name), shownEntry = Self.path(shown, entry.name)
            switch entry.kind {
            case .missing:
                if entry.name.hasSuffix(".swift") { unreadable(shownEntry, "a broken symbolic link") }
            case .directory:
                if isModelBundle(entry.name) { collectBundle(realEntry, shown: shownEntry) } else { walk(realEntry, shown: shownEntry, depth: depth + 1) }
            case .other:
                if entry.name.hasSuffix(".swift") { plan.append(.read(real: realEntry, shown: shownEntry)) }
            }
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
            plan.append(.read(real: real + "/contents", shown: shown + "/contents"))
            return
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: real).sorted()) ?? []
        if entries.contains(".xccurrentversion") {
            plan.append(.read(real: real + "/.xccurrentversion", shown: shown + "/.xccurrentversion"))
        }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }
        if versions.isEmpty { unreadable(shown, "a Core Data model bundle with no .xcdatamodel version inside") }
        for version in versions {
            plan.append(.read(real: real + "/" + version + "/contents", shown: shown + "/" + version + "/contents"))
        }
    }

    private enum ReadOutcome {
        case contents([UInt8])
        case unreadable(String)
    }

    /// Reads a regular file; anything else (missing, a FIFO, unreadable) is a diagnostic,
    /// never a blocking read.
    private static func read(_ real: String, shown: String) -> ReadOutcome {
        switch FileSystem.readRegularFile(real) {
        case .success(let bytes):
            return .contents(bytes)
        case .failure(.missing): return .unreadable("no such file (or a broken symbolic link)")
        case .failure(.notRegular): return .unreadable("not a regular file")
        case .failure(.unreadable): return .unreadable("cannot read the file (check its permissions)")
        }
    }

    /// Walk problems keep their place among the planned reads.
    private mutating func unreadable(_ path: String, _ reason: String) {
        plan.append(.problem(Self.diagnostic(path, reason)))
    }

    private static func diagnostic(_ path: String, _ reason: String) -> ModelDiagnostic {
        ModelDiagnostic(kind: .unreadableFile, message: "\(path): \(reason)", file: path)
    }
}
