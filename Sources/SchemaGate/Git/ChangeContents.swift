import ModelSource

/// What change detection read, kept for the persisted-model comparison that follows, so
/// that no file is read and no git blob fetched twice in one run.
public struct ChangeContents: Sendable {
    /// Every file of the work tree git knows or would add (repository-relative).
    public var workTreeFiles: [String] = []
    /// Current bytes of changed model sources (`.swift`, Core Data), by path; a path that
    /// could not be read is absent.
    public var current: [String: [UInt8]] = [:]
    /// Bytes at the base commit of changed model sources, by their path at the base; nil
    /// when the path holds no file there.
    public var base: [String: [UInt8]?] = [:]

    public init() {}

    /// The files the model reader reads: Swift sources and Core Data model files.
    public static func isModelSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".xccurrentversion")
            || (path.hasSuffix("/contents") && ByteSearch.contains(path, ".xcdatamodel/"))
    }
}

/// The answer of `ChangeDetector.detect()`: the report, the repository it describes and
/// the contents read on the way.
public struct DetectedChanges: Sendable {
    public var report: ChangeReport
    public var repository: GitRepository
    public var contents: ChangeContents
}
