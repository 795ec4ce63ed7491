import Foundation

/// A git repository built in a temporary directory, for change-detection and gate tests.
public final class FixtureRepository: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public var path: String { directory.path }

    public init(_ label: String = "repo") throws {
        directory = TemporaryDirectory(label)
        try TestSupport.git(["init", "-q", "-b", "main"], in: directory.path)
    }

    @discardableResult
    public func write(_ relative: String, _ contents: String) -> String {
        directory.write(relative, contents)
    }

    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: directory.file(relative))
    }

    @discardableResult
    public func git(_ arguments: [String]) throws -> String {
        try TestSupport.git(arguments, in: directory.path)
    }

    /// Stages everything and commits.
    public func commit(_ message: String) throws {
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", message])
    }

    public func tag(_ name: String, annotated: Bool = false) throws {
        try git(annotated ? ["tag", "-a", name, "-m", "release \(name)"] : ["tag", name])
    }
}
