import Foundation
import ModelSource

/// Decides whether a changed file can affect the persisted model: it declares (or
/// declared) `@Model`, is a Core Data model, registers the model schema, or lies under
/// a configured model path. Deliberately generous: a false "touching" costs one check
/// against CloudKit, a false "not touching" ships a broken release.
public struct ModelFileClassifier: Sendable {
    /// Absolute, symlink-resolved model paths the user configured (none by default).
    public var modelPaths: [String]

    public init(modelPaths: [String]) {
        self.modelPaths = modelPaths.map(Self.canonical)
    }

    /// - Parameters:
    ///   - path: relative to the repository root; `previousPath` for renames.
    ///   - current: the file's bytes now (nil when deleted).
    ///   - base: the file's bytes at the base (nil when added).
    public func reasons(
        path: String, previousPath: String?, root: String, current: Data?, base: Data?, baseName: String
    ) -> [String] {
        var reasons: [String] = []
        let paths = [path] + (previousPath.map { [$0] } ?? [])
        if paths.contains(where: Self.isCoreDataModel) { reasons.append("Core Data model") }
        let swift = paths.contains { $0.hasSuffix(".swift") }
        if swift, let current, Self.mayDeclareModel(current) { reasons.append("declares @Model") }
        if swift, let base, Self.mayDeclareModel(base), !reasons.contains("declares @Model") {
            reasons.append("declared @Model at \(baseName)")
        }
        if swift, [current, base].contains(where: { $0.map(Self.mayRegisterSchema) ?? false }) {
            reasons.append("registers the model schema")
        }
        let canonicalRoot = Self.canonical(root)
        for modelPath in modelPaths {
            if paths.contains(where: { Self.isInside(canonicalRoot + "/" + $0, modelPath) }) {
                reasons.append("under model path \(Self.relative(modelPath, to: root))")
                break
            }
        }
        return reasons
    }

    static func isCoreDataModel(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
    }

    /// An `@Model` class declared in code (the model reader's lexer: comments and
    /// strings do not count).
    static func mayDeclareModel(_ data: Data) -> Bool {
        SwiftModelParser.declaresModel([UInt8](data))
    }

    /// A model list in code (`Schema([...])`, `ModelContainer(for:)`, a `VersionedSchema`,
    /// a migration plan), or Core Data stack code naming the CloudKit container.
    static func mayRegisterSchema(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        return SwiftModelParser.touchesModels(bytes) && !SwiftModelParser.declaresModel(bytes)
            || bytes.withUnsafeBytes { ByteSearch.contains($0, coreDataStackName) }
    }

    /// Foundation's `Data.range(of:)` was most of `changed`'s CPU time; memmem is not.
    private static let coreDataStackName = Array("NSPersistentCloudKitContainer".utf8)

    static func isInside(_ path: String, _ directory: String) -> Bool {
        path == directory || path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func relative(_ path: String, to root: String) -> String {
        let base = canonical(root)
        return isInside(path, base) && path != base ? String(path.dropFirst(base.count + 1)) : path
    }
}
