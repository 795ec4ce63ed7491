import Foundation

/// Gathers model source files from paths on disk: walks directories (sorted, so results
/// are stable; skipping build and dependency folders; following symbolic links at most
/// once per real directory), reads `.swift` files and Core Data bundles, and turns every
/// path it cannot read into a diagnostic naming it.
struct ModelFileCollector {
    private(set) var files: [ModelSourceFile] = []
    private(set) var diagnostics: [ModelDiagnostic] = []
    private let workingDirectory: String?
    private var visited = Set<String>()
    private let fileManager = FileManager.default
    /// Deeper trees are not app sources; the bound also stops pathological nesting.
    private let maximumDepth = 64

    init(workingDirectory: String?) {
        self.workingDirectory = workingDirectory
    }

    mutating func collect(_ path: String) {
        let shown = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let real = resolve(shown)
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: real, isDirectory: &isDirectory) else {
            unreadable(shown, "no such file or directory (or a broken symbolic link)")
            return
        }
        if isDirectory.boolValue {
            if isModelBundle(shown) { collectBundle(real, shown: shown) } else { walk(real, shown: shown, depth: 0) }
        } else if shown.hasSuffix(".swift") || ModelSourceFile(path: shown, contents: []).role != .other {
            readFile(real, shown: shown)
        } else {
            unreadable(shown, "not a model source: give directories, .swift files or .xcdatamodeld / .xcdatamodel bundles")
        }
    }

    private func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let workingDirectory else { return path }
        return workingDirectory.hasSuffix("/") ? workingDirectory + path : workingDirectory + "/" + path
    }

    private func isModelBundle(_ path: String) -> Bool {
        path.hasSuffix(".xcdatamodeld") || path.hasSuffix(".xcdatamodel")
    }

    private mutating func walk(_ real: String, shown: String, depth: Int) {
        let canonical = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
        guard depth < maximumDepth, visited.insert(canonical).inserted else { return }
        let entries: [String]
        do {
            entries = try fileManager.contentsOfDirectory(atPath: real).sorted()
        } catch {
            unreadable(shown, "cannot list the directory (\(error.localizedDescription))")
            return
        }
        for entry in entries where !ModelReader.skippedDirectories.contains(entry) {
            let realEntry = real + "/" + entry, shownEntry = shown + "/" + entry
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: realEntry, isDirectory: &isDirectory) else {
                if entry.hasSuffix(".swift") { unreadable(shownEntry, "a broken symbolic link") }
                continue
            }
            if isDirectory.boolValue {
                if isModelBundle(entry) { collectBundle(realEntry, shown: shownEntry) } else { walk(realEntry, shown: shownEntry, depth: depth + 1) }
            } else if entry.hasSuffix(".swift") {
                readFile(realEntry, shown: shownEntry)
            }
        }
    }

    /// An `.xcdatamodeld` (its `.xccurrentversion` and every version's `contents`) or a
    /// lone `.xcdatamodel` (its `contents`).
    private mutating func collectBundle(_ real: String, shown: String) {
        if shown.hasSuffix(".xcdatamodel") {
            readFile(real + "/contents", shown: shown + "/contents")
            return
        }
        let entries = (try? fileManager.contentsOfDirectory(atPath: real).sorted()) ?? []
        if entries.contains(".xccurrentversion") {
            readFile(real + "/.xccurrentversion", shown: shown + "/.xccurrentversion")
        }
        let versions = entries.filter { $0.hasSuffix(".xcdatamodel") }
        if versions.isEmpty { unreadable(shown, "a Core Data model bundle with no .xcdatamodel version inside") }
        for version in versions {
            readFile(real + "/" + version + "/contents", shown: shown + "/" + version + "/contents")
        }
    }

    /// Reads a regular file; anything else (missing, a FIFO, unreadable) is a diagnostic,
    /// never a blocking read.
    private mutating func readFile(_ real: String, shown: String) {
        let target = URL(fileURLWithPath: real).resolvingSymlinksInPath().path
        guard let type = (try? fileManager.attributesOfItem(atPath: target))?[.type] as? FileAttributeType else {
            unreadable(shown, "no such file (or a broken symbolic link)")
            return
        }
        guard type == .typeRegular else {
            unreadable(shown, "not a regular file")
            return
        }
        guard let data = fileManager.contents(atPath: target) else {
            unreadable(shown, "cannot read the file (check its permissions)")
            return
        }
        let bytes = [UInt8](data)
        // Most of an app's Swift files cannot matter; drop them before anything is lexed.
        if shown.hasSuffix(".swift"), !SwiftModelParser.isWorthReading(bytes) { return }
        files.append(ModelSourceFile(path: shown, contents: bytes))
    }

    private mutating func unreadable(_ path: String, _ reason: String) {
        diagnostics.append(ModelDiagnostic(kind: .unreadableFile, message: "\(path): \(reason)", file: path))
    }
}
