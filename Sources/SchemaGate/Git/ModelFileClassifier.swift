import Foundation
import ModelSource
import SchemaGateBasics

/// Decides whether a changed file can affect the persisted model: it declares (or
/// declared) `@Model`, is a Core Data model, registers the model schema, or lies under
/// a configured model path. Deliberately generous: a false "touching" costs one check
/// against CloudKit, a false "not touching" ships a broken release.
package struct ModelFileClassifier: Sendable {
    /// The model paths the user configured (none by default).
    var modelPaths: [CanonicalPath]

    package init(modelPaths: [String]) {
        self.modelPaths = modelPaths.map { CanonicalPath($0) }
    }

    /// - Parameters:
    ///   - path: relative to the repository root; `previousPath` for renames.
    ///   - current: what the file does with models now (nil when deleted or not Swift).
    ///   - base: the same at the base (nil when added or not Swift).
    func reasons(
        path: String, previousPath: String?, root: String, current now: Roles?, base then: Roles?, baseName: String
    ) -> [String] {
        var reasons: [String] = []
        let paths = [path] + (previousPath.map { [$0] } ?? [])
        if paths.contains(where: Self.isCoreDataModel) { reasons.append("Core Data model") }
        if reasons.isEmpty, Self.isScaffold(now: now, then: then) { return [] }
        if now?.declaresModel == true {
            reasons.append("declares @Model")
        } else if then?.declaresModel == true {
            reasons.append("declared @Model at \(baseName)")
        }
        if now?.registersSchema == true || then?.registersSchema == true { reasons.append("registers the model schema") }
        guard !modelPaths.isEmpty else { return reasons }
        // git lists paths below the root it printed, through no symbolic link: each is the
        // canonical root and the path.
        let canonicalRoot = CanonicalPath(root)
        for modelPath in modelPaths {
            guard let scope = canonicalRoot.relativePath(of: modelPath) else { continue }
            if paths.contains(where: { CanonicalPath.isPrefix(scope, of: $0) }) {
                reasons.append("under model path \(scope.isEmpty ? "." : scope)")
                break
            }
        }
        return reasons
    }

    static func isCoreDataModel(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
    }

    /// What one version of a Swift file does with models: declares an `@Model` class in
    /// code (the model reader's lexer: comments and strings do not count), or registers
    /// the schema without declaring a model (a model list, `ModelContainer(for:)`, a
    /// `VersionedSchema`, a migration plan, or Core Data stack code naming the CloudKit
    /// container).
    struct Roles: Equatable {
        var declaresModel: Bool
        var registersSchema: Bool
        /// It carries `cloudkit-schema scaffold`'s mark (`ScaffoldMarker`).
        var isScaffold = false
    }

    /// From the model reader's answer for the file (already parsed) and its bytes.
    static func roles(_ roles: SwiftModelParser.ModelRoles, bytes: [UInt8]) -> Roles {
        let coreDataStack = bytes.withUnsafeBytes { ByteSearch.contains($0, coreDataStackName) }
        return Roles(declaresModel: roles.declaresModel,
                     registersSchema: roles.registersModels && !roles.declaresModel || coreDataStack,
                     isScaffold: ScaffoldMarker.isMarked(bytes))
    }

    /// The scaffold's file (marked in every version there is, declaring no `@Model` in any)
    /// touches no model: it hands the model types to a throwaway store, persists nothing,
    /// and the model reader does not count its list as a registration.
    static func isScaffold(now: Roles?, then: Roles?) -> Bool {
        let versions = [now, then].compactMap { $0 }
        return !versions.isEmpty && versions.allSatisfy { $0.isScaffold && !$0.declaresModel }
    }

    /// Foundation's `Data.range(of:)` was most of `changed`'s CPU time; memmem is not.
    private static let coreDataStackName = Array("NSPersistentCloudKitContainer".utf8)
}
