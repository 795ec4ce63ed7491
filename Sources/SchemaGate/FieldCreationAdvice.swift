import CloudKitSchema
import ModelSource

/// What makes a missing record type or field exist, in words: the one place `check`,
/// `gate` and create's verification take their fixes from. Each fix is chosen from the
/// state: whether Development already has what Production lacks (then deploying is all
/// that is left), and whether initializeCloudKitSchema can create it. It writes a sample
/// value for every attribute type except Composite, so a Composite field (a SwiftData
/// Codable struct or enum) appears only when a record carrying a value is saved
/// (Docs/CloudKitMapping.md).
package enum FieldCreationAdvice {
    /// What the compared exports say about Development.
    package enum DevelopmentState: Equatable, Sendable {
        /// Development has the record type (and field): only the deploy is missing.
        case has
        /// Development lacks it too: it must be created there first.
        case lacks
        /// No Development export was compared.
        case unknown
    }

    /// The last step of every fix: deploying is a deliberate human action.
    static let deployStep = "deploy the schema to Production: CloudKit Console → your container → Deploy Schema Changes."
    /// The fix when Development has what Production lacks (or when a deploy is all any fix can be).
    package static let deployFix = "Deploy the schema to Production: CloudKit Console → your container → Deploy Schema Changes."

    static let initializerCreates = "a debug build calling initializeCloudKitSchema creates every record type and every field it has a sample value for"

    /// The fix when Production lacks what `expectation` describes (a record type when its
    /// field is nil), for the state Development is in.
    package static func productionFix(
        _ expectation: ExpectedSchema.Expectation?, type: FieldType?, development: DevelopmentState
    ) -> String {
        switch development {
        case .has:
            return "Development already has it, so only the deploy is missing. \(deployFix)"
        case .lacks:
            return "Development lacks it too. " + creationFix(expectation, type: type)
        case .unknown:
            return "No Development export was compared. If Development has it, \(deployStep) "
                + "If not: " + lowercasedFirst(creationFix(expectation, type: type))
        }
    }

    /// How to create it in Development, then deploy.
    static func creationFix(_ expectation: ExpectedSchema.Expectation?, type: FieldType?) -> String {
        guard let expectation, let field = expectation.field else {
            return "Create it in Development (\(initializerCreates)), then \(deployStep)"
        }
        if let confirm = confirmation(expectation, type: type) {
            return "The mapping is unverified, so confirm it in the CloudKit Console: \(confirm); if Development then has \(field), \(deployStep)"
        }
        switch expectation.creation {
        case .onlyBySavedValue:
            return "initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it does not create \(field): run a debug build that saves \(savedRecord(expectation)) to create it in Development, then \(deployStep)"
        case .byInitializer, .unverified:
            if type == .primitive(.asset) {
                return "Create it in Development by saving a value larger than 1 MB (or calling initializeCloudKitSchema from a debug build), then \(deployStep)"
            }
            return "Create it in Development (\(initializerCreates)), then \(deployStep)"
        }
    }

    /// Why Development still lacks a field after the create command ran, or nil when
    /// initializeCloudKitSchema should have created it.
    package static func notCreatedByInitializer(_ expectation: ExpectedSchema.Expectation?) -> String? {
        switch expectation?.creation {
        case .onlyBySavedValue?:
            return "initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it cannot create it"
        case .unverified?:
            return "whether initializeCloudKitSchema creates it is unverified (\(expectation?.unverified ?? "the attribute type is not settled"))"
        case .byInitializer?, nil:
            return nil
        }
    }

    /// The fix for a field the create command left missing.
    package static func developmentFix(_ expectation: ExpectedSchema.Expectation?) -> String {
        guard let expectation, expectation.creation != .byInitializer else {
            return "Check that the create command registers the current models; initializeCloudKitSchema creates this field."
        }
        return "Run a debug build that saves \(savedRecord(expectation)), then check that Development has \(expectation.field ?? "the field")."
    }

    /// How to see in the Console what Core Data writes for an unverified mapping.
    private static func confirmation(_ expectation: ExpectedSchema.Expectation, type: FieldType?) -> String? {
        guard expectation.unverified != nil else { return nil }
        let record = savedRecord(expectation, large: type == .primitive(.asset))
        return "from a debug build save \(record), then open Schema → Record Types → \(expectation.recordType) in Development"
    }

    /// `an Item with condition set`, `an Item whose tags value is larger than 1 MB`.
    static func savedRecord(_ expectation: ExpectedSchema.Expectation, large: Bool = false) -> String {
        let value = large ? " larger than 1 MB" : " set"
        guard let property = expectation.property else { return "a \(expectation.recordType) record with the property\(value)" }
        let entity = "\(article(property.entity)) \(property.entity)"
        return large ? "\(entity) whose \(property.name) value is\(value)" : "\(entity) with \(property.name)\(value)"
    }

    private static func article(_ word: String) -> String {
        "AEIOU".contains(word.first ?? "x") ? "an" : "a"
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, !text.hasPrefix(CloudKitName.prefix) else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
