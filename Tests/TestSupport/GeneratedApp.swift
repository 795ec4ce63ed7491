import CloudKitSchema
import SchemaGate

/// A generated SwiftData app: `@Model` classes with properties of many kinds (Codable
/// structs and enums, Data and String with their `_ckAsset` companions, collections, a
/// to-one relationship), as Swift source, and what Core Data writes to CloudKit for them.
/// That truth is written here from Docs/CloudKitMapping.md's rows, not asked of the tool's
/// mapping; where the evidence does not settle it (enums, collections, Decimal), each app
/// draws one answer, so the tool's advice must hold in either world.
package struct GeneratedApp: Sendable {
    package enum Kind: CaseIterable, Sendable {
        case string, optionalString, url, uuid, int, bool, double, decimal, date, data, externalData
        case stringArray, rawEnum, plainEnum, codableStruct

        /// The declaration after `var name`.
        var declaration: String {
            switch self {
            case .string: return ": String = \"\""
            case .optionalString: return ": String?"
            case .url: return ": URL?"
            case .uuid: return ": UUID = UUID()"
            case .int: return ": Int = 0"
            case .bool: return ": Bool = false"
            case .double: return ": Double = 0"
            case .decimal: return ": Decimal = 0"
            case .date: return ": Date = Date.now"
            case .data, .externalData: return ": Data?"
            case .stringArray: return ": [String] = []"
            case .rawEnum: return ": Flavor = Flavor.plain"
            case .plainEnum: return ": Shape?"
            case .codableStruct: return ": Dimensions?"
            }
        }

        /// The kinds whose field type the public evidence settles.
        static let settled: [Kind] = [.string, .optionalString, .url, .uuid, .int, .bool, .double, .date, .data, .externalData, .codableStruct]

        /// A kind whose field has `type` in every world, for a property that keeps the type
        /// Production has (nil when no kind maps there).
        static func keeping(_ type: FieldType) -> Kind? {
            switch type {
            case .primitive(.string): return .optionalString
            case .primitive(.int64): return .int
            case .primitive(.double): return .double
            case .primitive(.timestamp): return .date
            case .primitive(.bytes): return .data
            default: return nil
            }
        }
    }

    package struct Property: Sendable, Equatable {
        package var name: String
        package var kind: Kind
    }

    package struct Model: Sendable {
        package var name: String
        package var properties: [Property]
        /// A to-one relationship `other` to this model (its inverse, to-many, writes nothing).
        package var toOne: String?
        package var recordType: String { "CD_" + name }
    }

    /// The answers the public evidence does not settle, drawn per app.
    package struct Truth: Sendable {
        /// SwiftData stores an enum as one Composite value (BYTES), not as its raw value.
        package var enumsAreComposite: Bool
        /// The field type of a Decimal.
        package var decimal: PrimitiveType
        /// initializeCloudKitSchema writes a sample value for a collection.
        package var initializerWritesCollections: Bool
        /// A collection gets a `_ckAsset` companion.
        package var collectionsHaveCompanions: Bool
    }

    /// A field Core Data writes: its type, whether initializeCloudKitSchema creates it, and
    /// whether saving a record with the property set does (a companion needs a large value).
    package struct Written: Sendable {
        package var field: Field
        package var byInitializer: Bool
        package var bySavedValue: Bool
    }

    package var models: [Model]
    package var truth: Truth

    /// Two to four models with three to eight properties each.
    package static func generate(_ random: inout some RandomNumberGenerator) -> GeneratedApp {
        let names = ["Item", "Bin", "Photo", "Recipe"].prefix(Int.random(in: 2...4, using: &random))
        var models: [Model] = []
        for name in names {
            var properties: [Property] = []
            for index in 0..<Int.random(in: 3...8, using: &random) {
                properties.append(Property(name: "p\(index)", kind: Kind.allCases.randomElement(using: &random)!))
            }
            models.append(Model(name: String(name), properties: properties))
        }
        if Bool.random(using: &random) { models[0].toOne = models[1].name }
        let truth = Truth(
            enumsAreComposite: Int.random(in: 0..<4, using: &random) > 0, decimal: Bool.random(using: &random) ? .double : .int64,
            initializerWritesCollections: Bool.random(using: &random), collectionsHaveCompanions: Bool.random(using: &random))
        return GeneratedApp(models: models, truth: truth)
    }

    /// The models as one Swift file, with the container that registers them.
    package var source: String {
        var lines = [
            "import Foundation", "import SwiftData", "",
            "enum Flavor: String, Codable { case plain, spicy }",
            "enum Shape: Codable { case circle, square }",
            "struct Dimensions: Codable { var width: Double = 0 }", "",
        ]
        for model in models {
            lines.append("@Model final class \(model.name) {")
            for property in model.properties {
                let storage = property.kind == .externalData ? "@Attribute(.externalStorage) " : ""
                lines.append("    \(storage)var \(property.name)\(property.kind.declaration)")
            }
            if let other = model.toOne { lines.append("    var other: \(other)?") }
            for source in models where source.toOne == model.name {
                lines.append("    @Relationship(inverse: \\\(source.name).other) var \(source.name.lowercased())s: [\(source.name)]? = []")
            }
            lines += ["    init() {}", "}", ""]
        }
        lines.append("let container = try! ModelContainer(for: \(models.map { "\($0.name).self" }.joined(separator: ", ")))")
        return lines.joined(separator: "\n") + "\n"
    }

    package func model(named name: String) -> Model? { models.first { $0.name == name } }

    /// What Core Data writes for one property.
    package func written(_ property: Property) -> [Written] {
        let name = "CD_" + property.name
        func value(_ type: PrimitiveType, initializer: Bool = true) -> Written {
            Written(field: CloudKitFieldMapping.field(name, type), byInitializer: initializer, bySavedValue: true)
        }
        func companion(initializer: Bool = true) -> Written {
            Written(field: CloudKitFieldMapping.field(name + "_ckAsset", .asset), byInitializer: initializer, bySavedValue: false)
        }
        switch property.kind {
        case .string, .optionalString, .url: return [value(.string), companion()]
        case .uuid: return [value(.string)]
        case .int, .bool: return [value(.int64)]
        case .double: return [value(.double)]
        case .decimal: return [value(truth.decimal)]
        case .date: return [value(.timestamp)]
        case .data, .externalData: return [value(.bytes), companion()]
        case .stringArray:
            let initializer = truth.initializerWritesCollections
            return [value(.bytes, initializer: initializer)] + (truth.collectionsHaveCompanions ? [companion(initializer: initializer)] : [])
        case .rawEnum:
            return truth.enumsAreComposite ? [value(.bytes, initializer: false)] : [value(.string), companion()]
        case .plainEnum, .codableStruct:
            return [value(.bytes, initializer: false)]
        }
    }

    /// What every record of a model carries: Core Data's own fields and its to-one relationship.
    package func baseFields(of model: Model) -> [Written] {
        var fields = [
            Written(field: CloudKitFieldMapping.field("CD_entityName", .string), byInitializer: true, bySavedValue: true),
            Written(field: CloudKitFieldMapping.field("CD_moveReceipt", .bytes), byInitializer: true, bySavedValue: false),
            Written(field: CloudKitFieldMapping.field("CD_moveReceipt_ckAsset", .asset), byInitializer: true, bySavedValue: false),
        ]
        if model.toOne != nil {
            fields.append(Written(field: CloudKitFieldMapping.field("CD_other", .string), byInitializer: true, bySavedValue: true))
        }
        return fields
    }

    /// Every field Core Data writes for a model, by any means.
    package func allWritten(_ model: Model) -> [Written] {
        baseFields(of: model) + model.properties.flatMap(written)
    }

    /// Whether this app writes `field` into `recordType` (system fields and `Users` included).
    package func writes(_ field: Field, in recordType: String) -> Bool {
        if field.isSystemField || recordType == "Users" { return true }
        guard let model = models.first(where: { $0.recordType == recordType }) else { return false }
        return allWritten(model).contains { $0.field.name == field.name && $0.field.type == field.type }
    }

    /// The type Core Data writes `field` with, when a property of the model writes it.
    package func writtenType(of field: String, in recordType: String) -> FieldType? {
        guard let model = models.first(where: { $0.recordType == recordType }) else { return nil }
        return allWritten(model).first { $0.field.name == field }?.field.type
    }

    package func writes(recordType: String) -> Bool {
        recordType == "Users" || models.contains { $0.recordType == recordType }
    }

    /// The model change a `new-property` fix asks for: the property keeps the type Production
    /// has under its name, and the value moves to a new property. False when no kind keeps it.
    package mutating func storeUnderNewProperty(recordType: String, field: String, productionType: FieldType) -> Bool {
        guard let model = models.firstIndex(where: { $0.recordType == recordType }),
              let property = models[model].properties.firstIndex(where: { "CD_" + $0.name == field }),
              let kept = Kind.keeping(productionType) else { return false }
        let moved = models[model].properties[property]
        models[model].properties[property].kind = kept
        models[model].properties.append(Property(name: moved.name + "V2", kind: moved.kind))
        return true
    }
}
