/// A store the app's code builds, and the models it holds (Docs/StoreMembership.md): a
/// SwiftData configuration (or a container's default one), or a Core Data store
/// description. Stores built in test code, in a `#Preview` or in memory are not the app's
/// and are not listed.
package struct ModelStore: Sendable, Equatable {
    /// Where a store syncs.
    package enum Sync: Sendable, Equatable, Hashable {
        /// Never: `cloudKitDatabase: .none`, a plain `NSPersistentContainer`, a store
        /// description without `cloudKitContainerOptions`.
        case none
        /// The first iCloud container of the entitlements of the target that runs it:
        /// `.automatic` (by name or by omission), `NSPersistentCloudKitContainer`'s default
        /// store description.
        case automatic
        /// A container named by a literal: `.private("iCloud.a")`,
        /// `NSPersistentCloudKitContainerOptions(containerIdentifier: "iCloud.a")`.
        case container(String)
        /// The code does not settle it (a variable, a condition).
        case unknown
    }

    package var file: String
    package var line: Int
    package var sync: Sync
    /// The models it holds, by entity name, before relationships are followed; nil when the
    /// reader could not list them (it may hold any model).
    package var models: [String]?
    /// How the code says where it syncs, for messages: `cloudKitDatabase: .none`.
    package var spelling: String
    /// Why `models` is nil: the part of the code the reader could not follow.
    package var unlisted: String?

    package init(file: String, line: Int, sync: Sync, models: [String]?, spelling: String, unlisted: String? = nil) {
        self.file = file
        self.line = line
        self.sync = sync
        self.models = models
        self.spelling = spelling
        self.unlisted = unlisted
    }

    /// `App/Store.swift:12`.
    package var location: String { "\(file):\(line)" }
}

/// A registering call whose model list the reader could not follow: the registered set is
/// then unknown, and every declared model is expected.
package struct UnfollowedRegistration: Sendable, Equatable {
    package var file: String
    package var line: Int
    /// The call as written (`ModelContainer(for: Schema(AppSchema.all()))`).
    package var call: String
    /// The part that could not be followed (`AppSchema.all()`).
    package var part: String

    package init(file: String, line: Int, call: String, part: String) {
        self.file = file
        self.line = line
        self.call = call
        self.part = part
    }
}
