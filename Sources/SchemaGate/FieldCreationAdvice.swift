import CloudKitSchema
import ModelSource

/// What makes a missing record type or field exist in Production, in words and steps: the
/// one place `check`, `gate` and create's verification take their fixes from. Each fix is
/// chosen from the state, so that following it exactly leaves nothing for the next run to
/// find (Docs/DeployAdvice.md):
///
/// * Deploy Schema Changes copies the whole Development schema, and Production can never
///   drop what it gets. So a fix that deploys while Development holds what no model of this
///   release writes (`DevelopmentLeftovers`) deletes those first; where that is not known
///   (no Development export, or no models), the fix resets Development to Production first.
/// * What Development lacks must be created there before the deploy: initializeCloudKitSchema
///   writes a sample value for every attribute type except Composite, so a Composite field
///   (a SwiftData Codable struct or enum) appears only when a record carrying a value is
///   saved (Docs/CloudKitMapping.md).
package enum FieldCreationAdvice {
    /// What the compared exports say about Development.
    package enum DevelopmentState: Equatable, Sendable {
        /// Development has the record type (and field, with the type the models write):
        /// only the deploy is missing.
        case has
        /// Development lacks it too: it must be created there first.
        case lacks
        /// No Development export was compared.
        case unknown
    }

    /// The last step of every fix: deploying is a deliberate human action.
    static let deployStep = "deploy the schema to Production: CloudKit Console → your container → Deploy Schema Changes."
    /// The fix when Development has what Production lacks and holds nothing else.
    package static let deployFix = "Deploy the schema to Production: CloudKit Console → your container → Deploy Schema Changes."

    static let initializerCreates = "a debug build calling initializeCloudKitSchema creates every record type and every field it has a sample value for"
    /// Where and how Development is reset to Production (Docs/DeployAdvice.md, D3 and D4).
    static let resetHow = "CloudKit Console → CloudKit Database → your container → Reset Environment, or 'xcrun cktool reset-schema'; this deletes Development's records"
    static let resetStep = "Reset Development to Production (\(resetHow))."
    static let recordTypesPage = "CloudKit Console → CloudKit Database → your container → Schema → Record Types"

    /// The fix when Production lacks the record type or field `expectation` describes
    /// (`type`: the field's type; nil for a record type). `leftovers`: what Development
    /// holds that no model writes (read when Development is known). `lacking`, for a record
    /// type: the fields the models write into it that Development lacks (all of them when
    /// Development lacks the type or is unknown).
    package static func productionFix(
        _ expectation: ExpectedSchema.Expectation?, type: FieldType?, development: DevelopmentState,
        leftovers: [String] = [], lacking: [ExpectedSchema.Expectation] = []
    ) -> Fix {
        let isRecordType = expectation != nil && expectation?.field == nil
        let creation = isRecordType
            ? recordTypeCreation(lacking: lacking, typeMissing: development != .has)
            : fieldCreation(expectation, type: type)
        switch development {
        case .unknown:
            return Fix(
                "No Development export was compared, so this fix assumes nothing of it. \(resetStep) Then: \(creation.text) "
                    + "(If Development already has it and holds nothing no model writes, the deploy alone is enough: 'cloudkit-schema check' with Development tells.)",
                [.resetDevelopment] + creation.steps)
        case .has, .lacks:
            let rest: Fix
            if development == .has && (!isRecordType || lacking.isEmpty) {
                rest = leftovers.isEmpty
                    ? Fix("Development already has it, so only the deploy is missing. \(deployFix)", [.deploy])
                    : Fix("Development already has it, so then \(deployStep)", [.deploy])
            } else if development == .has {
                rest = Fix("Development has it but lacks \(list(lacking.compactMap(\.field))). \(creation.text)", creation.steps)
            } else {
                rest = Fix("Development lacks it too. \(creation.text)", creation.steps)
            }
            guard !leftovers.isEmpty else { return rest }
            return Fix(removeLeftovers(leftovers) + " " + rest.text, [.removeLeftovers] + rest.steps)
        }
    }

    /// The fix for a record type or field only Development has, or an index, grant or role
    /// Development and Production differ in, when there are no models: the comparison is the
    /// only evidence of what the app writes, so the fix cannot tell leftovers from what this
    /// release needs and takes the path that holds either way.
    package static let developmentOnlyFix = Fix(
        "Deploy Schema Changes copies all of Development to Production for good, and without --models the check cannot tell "
            + "what this release writes from leftovers of an experiment. The safe path: reset Development to Production "
            + "(\(resetHow)), create the schema there again ('cloudkit-schema create'), from a debug build save a record of each "
            + "model with every property set, then \(deployStep) If this release writes everything Development has that "
            + "Production lacks, the deploy alone is enough.",
        [.resetDevelopment, .create, .saveRecord, .deploy])

    /// The fix for a deploy whose only risk is Development's leftovers (an index, grant or
    /// role difference with the models known).
    package static func deployOnlyFix(leftovers: [String]) -> Fix {
        leftovers.isEmpty
            ? Fix(deployFix, [.deploy])
            : Fix(removeLeftovers(leftovers) + " Then " + deployStep, [.removeLeftovers, .deploy])
    }

    /// The fix of a leftover itself: delete it from Development before anything deploys.
    package static func leftoverFix(recordType: String, field: String?) -> Fix {
        let what = field == nil ? "record type" : "field"
        let place = ([recordType] + (field.map { [$0] } ?? [])).joined(separator: " → ")
        return Fix(
            "Delete the \(what) from Development before any deploy: \(recordTypesPage) → \(place) (a \(what) Production lacks can be deleted there).",
            [.removeLeftovers])
    }

    /// The fix for a field whose type differs from Production's.
    package static let newPropertyFix = Fix(
        "Production fields can never change type: store the value under a new field name (a new property) and keep the old one.",
        [.newProperty])

    /// The fix for a field Production types otherwise than an unverified mapping expects:
    /// confirm what Core Data writes before moving the property, since the guess may be
    /// the wrong one and Production right.
    package static func unverifiedTypeFix(_ expectation: ExpectedSchema.Expectation, production: FieldType) -> Fix {
        let field = expectation.field ?? "the field"
        return Fix(
            "The mapping is unverified, so confirm it first: from a debug build save \(savedRecord(expectation)). If CloudKit "
                + "accepts the record, Core Data writes \(field) as \(production), as Production has it, and nothing needs doing; "
                + "if it refuses the record for \(field)'s type, store the value under a new field name (a new property) and keep the old one.",
            [.saveRecord, .newProperty])
    }

    /// `Development also holds …: delete it …`, naming the leftovers.
    static func removeLeftovers(_ names: [String]) -> String {
        "Development also holds what no model of this release writes (\(list(names))), and Deploy Schema Changes would copy it "
            + "to Production for good: delete it from Development first (\(recordTypesPage); see the unwritten-field and "
            + "unwritten-record-type findings)."
    }

    /// How to create a record type in Development, then deploy: `lacking` are the fields
    /// Development lacks; `typeMissing` when it lacks the type itself.
    static func recordTypeCreation(lacking: [ExpectedSchema.Expectation], typeMissing: Bool) -> Fix {
        // A companion appears with a large value or the initializer; only value fields need a saved record.
        let saved = lacking.filter { $0.creation != .byInitializer && !isCompanion($0) }
        let initializer = typeMissing || lacking.contains { $0.creation == .byInitializer }
        var text = initializer ? "Create it in Development (\(initializerCreates))" : ""
        var steps: [FixStep] = initializer ? [.create] : []
        if let record = savedRecord(saved) {
            let why = "initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums) and may write none for collections"
            text += (initializer ? "; \(why), so also run" : "\(why): run") + " a debug build that saves \(record)"
            steps.append(.saveRecord)
        }
        return Fix(text + ", then \(deployStep)", steps + [.deploy])
    }

    /// How to create a field in Development, then deploy.
    static func fieldCreation(_ expectation: ExpectedSchema.Expectation?, type: FieldType?) -> Fix {
        guard let expectation, let field = expectation.field else {
            return Fix("Create it in Development (\(initializerCreates)), then \(deployStep)", [.create, .deploy])
        }
        if let confirm = confirmation(expectation, type: type) {
            return Fix(
                "The mapping is unverified, so confirm it in the CloudKit Console: \(confirm); if Development then has \(field), \(deployStep)",
                [.saveRecord, .deploy])
        }
        switch expectation.creation {
        case .onlyBySavedValue:
            return Fix(
                "initializeCloudKitSchema writes no sample value for Composite attributes (Codable structs and enums), so it does not create \(field): run a debug build that saves \(savedRecord(expectation)) to create it in Development, then \(deployStep)",
                [.saveRecord, .deploy])
        case .unverified:
            return Fix(
                "Whether initializeCloudKitSchema creates \(field) is not settled, so run a debug build that saves \(savedRecord(expectation)) to create it in Development, then \(deployStep)",
                [.saveRecord, .deploy])
        case .byInitializer:
            if type == .primitive(.asset) {
                return Fix(
                    "Create it in Development by saving a value larger than 1 MB (or calling initializeCloudKitSchema from a debug build), then \(deployStep)",
                    [.create, .deploy])
            }
            return Fix("Create it in Development (\(initializerCreates)), then \(deployStep)", [.create, .deploy])
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
    package static func developmentFix(_ expectation: ExpectedSchema.Expectation?) -> Fix {
        guard let expectation, expectation.creation != .byInitializer else {
            return Fix("Check that the create command registers the current models; initializeCloudKitSchema creates this field.", [.create])
        }
        return Fix(
            "Run a debug build that saves \(savedRecord(expectation)), then check that Development has \(expectation.field ?? "the field").",
            [.saveRecord])
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

    /// `an Item with tags and info set, and a Photo with kind set`: one record per entity
    /// naming its properties; nil for none.
    static func savedRecord(_ expectations: [ExpectedSchema.Expectation]) -> String? {
        var entities: [String] = []
        var properties: [String: [String]] = [:]
        for property in expectations.compactMap(\.property) {
            if properties[property.entity] == nil { entities.append(property.entity) }
            properties[property.entity, default: []].append(property.name)
        }
        guard !entities.isEmpty else { return nil }
        return list(entities.map { "\(article($0)) \($0) with \(list(properties[$0]!)) set" })
    }

    private static func isCompanion(_ expectation: ExpectedSchema.Expectation) -> Bool {
        expectation.field.flatMap(CloudKitFieldMapping.companionBase(of:)) != nil
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    private static func article(_ word: String) -> String {
        "AEIOU".contains(word.first ?? "x") ? "an" : "a"
    }
}
