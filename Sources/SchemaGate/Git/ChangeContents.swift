import ModelSource
import SchemaGateBasics

/// What change detection read, kept for the persisted-model comparison that follows, so
/// that no file is read and no git blob fetched twice in one run.
package struct ChangeContents: Sendable {
    /// Every file of the work tree git knows or would add (repository-relative).
    package var workTreeFiles: [String] = []
    /// Changed model sources (`.swift`, Core Data) as they are now, read and parsed; a
    /// path that could not be read is absent.
    package var current = ParsedFiles()
    /// Changed model sources as they were at the base, parsed, by their path there; a
    /// path with no file there is absent.
    package var base = ParsedFiles()
    /// Every base path asked for, found or not.
    package var baseRequested: Set<String> = []
    /// The model reader's own file set, split by what git knows of it.
    var reader = ReaderFileSet(roots: [""])

    package init() {}

    /// The files the model reader reads: Swift sources and Core Data model files.
    package static func isModelSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".xccurrentversion")
            || (path.hasSuffix("/contents") && ByteSearch.contains(path, ".xcdatamodel/"))
    }
}

/// The answer of `ChangeDetector.detect()`: the report, the repository it describes and
/// the contents read on the way.
package struct DetectedChanges: Sendable {
    package var report: ChangeReport
    package var repository: GitRepository
    package var contents: ChangeContents
}
