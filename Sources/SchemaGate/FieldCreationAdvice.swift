import CloudKitSchema

/// What makes a missing record type or field exist, in words: the one place `check`,
/// `gate` and create's verification take their fixes from. initializeCloudKitSchema
/// writes a sample value for every attribute type except Composite, so a Composite
/// field (a SwiftData Codable struct or enum) appears only when a record carrying a
/// value is saved (Docs/CloudKitMapping.md).
public enum FieldCreationAdvice {
    static let deploy = "then deploy the schema to Production: CloudKit Console → Deploy Schema Changes."

    public static let materializeFix =
        "Create it in Development (a debug build calling initializeCloudKitSchema creates every record type and every field it has a sample value for), \(deploy)"
    public static let assetFix =
        "Create it in Development by saving a value larger than 1 MB (or calling initializeCloudKitSchema from a debug build), \(deploy)"

    /// The fix when Production lacks what `expectation` describes.
    public static func productionFix(_ expectation: ExpectedSchema.Expectation?, type: FieldType?) -> String {
        guard let expectation, let field = expectation.field else { return materializeFix }
        if let confirm = confirmation(expectation, field: field, type: type) {
            return "The mapping is unverified, so confirm it in the CloudKit Console: \(confirm); if Development then has \(field), \(deploy)"
        }
        switch expectation.creation {
        case .onlyBySavedValue:
            return "initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it does not create \(field): run a debug build that saves \(savedRecord(expectation)) to create it in Development, \(deploy)"
        case .byInitializer, .unverified:
            return type == .primitive(.asset) ? assetFix : materializeFix
        }
    }

    /// Why Development still lacks a field after the create command ran, or nil when
    /// initializeCloudKitSchema should have created it.
    public static func notCreatedByInitializer(_ expectation: ExpectedSchema.Expectation?) -> String? {
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
    public static func developmentFix(_ expectation: ExpectedSchema.Expectation?) -> String {
        guard let expectation, expectation.creation != .byInitializer else {
            return "Check that the create command registers the current models; initializeCloudKitSchema creates this field."
        }
        return "Run a debug build that saves \(savedRecord(expectation)), then check that Development has \(expectation.field ?? "the field")."
    }

    /// How to see in the Console what Core Data writes for an unverified mapping.
    private static func confirmation(_ expectation: ExpectedSchema.Expectation, field: String, type: FieldType?) -> String? {
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
}
