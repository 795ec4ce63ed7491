import CloudKitSchema
import ModelSource

/// The CloudKit schema the app's models require, and for every record type and field
/// the model source that requires it and how bad it is when Production lacks it.
package struct ExpectedSchema: Sendable {
    package var schema: Schema
    /// One per record type (`field` nil) and per field, in schema order.
    package private(set) var expectations: [Expectation]
    private var index: [ExactName: Int] = [:]

    /// A model property, by its entity's name and its own.
    package struct Property: Equatable, Sendable {
        package var entity: String
        package var name: String
    }

    /// Why a record type or field must exist.
    package struct Expectation: Equatable, Sendable {
        package var recordType: String
        /// Nil for the record type itself.
        package var field: String?
        /// The model source requiring it (a `.swift` file or a Core Data `contents` file).
        package var file: String
        package var line: Int
        /// The severity when Production lacks it.
        package var severity: Severity
        /// What requires it, for messages: `Item.notes (String)`, `@Model Item`.
        package var reason: String
        /// False when the model's Swift type could not be told: only presence is checked.
        package var typeKnown: Bool
        /// What creates the field in Development, for the fix when it is missing.
        package var creation: CloudKitFieldMapping.Creation
        /// Why the mapping behind the field is unverified (nil when the evidence settles
        /// it): lacking it, or having it with another type, is then only a warning.
        package var unverified: String?
        /// The model property that writes the field (`Item`, `condition`), for fixes.
        package var property: Property?

        package init(
            recordType: String, field: String?, file: String, line: Int, severity: Severity, reason: String,
            typeKnown: Bool = true, creation: CloudKitFieldMapping.Creation = .byInitializer, unverified: String? = nil,
            property: Property? = nil
        ) {
            self.recordType = recordType
            self.field = field
            self.file = file
            self.line = line
            self.severity = severity
            self.reason = reason
            self.typeKnown = typeKnown
            self.creation = creation
            self.unverified = unverified
            self.property = property
        }
    }

    package init(schema: Schema, expectations: [Expectation]) {
        self.schema = schema
        self.expectations = []
        for expectation in expectations { add(expectation) }
    }

    package func expectation(recordType: String, field: String? = nil) -> Expectation? {
        index[Self.key(recordType, field)].map { expectations[$0] }
    }

    /// Adds an expectation unless one for the same type and field exists (the first wins).
    mutating func add(_ expectation: Expectation) {
        let key = Self.key(expectation.recordType, expectation.field)
        guard index[key] == nil else { return }
        index[key] = expectations.count
        expectations.append(expectation)
    }

    /// Names as CloudKit tells them apart: by their bytes (`ExactName`).
    private static func key(_ recordType: String, _ field: String?) -> ExactName {
        ExactName(recordType + "\u{0}" + (field ?? ""))
    }

    /// Maps the models to record types and fields (Docs/CloudKitMapping.md): the models
    /// that sync into `container` (nil: into any container), as `membership` says
    /// (Docs/StoreMembership.md; nil: read from the model's stores).
    package static func build(
        from model: AppModel, options: ExpectedSchemaOptions = .default, membership: StoreMembership? = nil, container: String? = nil
    ) -> ExpectedSchema {
        ExpectedSchemaBuilder(model: model, options: options, membership: membership ?? StoreMembership(model: model), container: container).build()
    }
}

/// The model -> CloudKit mapping (Docs/CloudKitMapping.md): a `CD_` record type per root
/// entity (sub-entities share it), `CD_entityName`, `CD_moveReceipt` and its asset, a
/// field per attribute Core Data writes with the `_ckAsset` companion of String, URI,
/// Binary and Transformable values (CloudKitFieldMapping), a STRING per to-one relationship,
/// `CDMR` for many-to-many relationships, system fields, default indexes and grants, `Users`.
struct ExpectedSchemaBuilder {
    let model: AppModel
    let options: ExpectedSchemaOptions
    let membership: StoreMembership
    let container: String?

    func build() -> ExpectedSchema {
        let graph = RelationshipGraph(entities: includedEntities())
        let entities = graph.entities
        var expected = ExpectedSchema(schema: Schema(), expectations: [])
        var types: [ExactName: RecordType] = [:]
        var order: [String] = []
        for entity in entities {
            let root = graph.root(of: entity)
            let typeName = CloudKitName.recordType(root.name)
            let key = ExactName(typeName)
            if types[key] == nil {
                types[key] = RecordType(name: typeName, grants: CloudKitFieldMapping.recordTypeGrants)
                order.append(typeName)
                addBaseFields(of: root, to: &types[key]!, expected: &expected)
            }
            addFields(of: entity, to: &types[key]!, expected: &expected)
        }
        // The first many-to-many pair makes Core Data store links as `CDMR` records.
        if let join = graph.manyToManyPairs().first?.first {
            addJoinType(for: join, to: &types, order: &order, expected: &expected)
        }
        // Every container has Users; no model requires it, so it has no expectation.
        types["Users"] = CloudKitFieldMapping.usersRecordType
        order.append("Users")
        expected.schema = Schema(roles: [], recordTypes: order.compactMap { types[ExactName($0)] })
        return expected
    }

    /// The models that sync into the container: registered models and what they reach
    /// (every declared one when all are wanted, or when a registration could not be
    /// followed); Core Data entities have no registration.
    private func includedEntities() -> [Entity] {
        let syncing = model.entities.filter { membership.isRequired($0.name, in: container) }
        guard let registered = model.registeredTypes, model.registrationIsComplete, !options.includeUnregisteredModels else { return syncing }
        let reachable = Reachability.closure(from: registered, in: model.entities)
        return syncing.filter { reachable.contains($0.name) || !$0.isSwiftData }
    }

    private func addBaseFields(of root: Entity, to type: inout RecordType, expected: inout ExpectedSchema) {
        let typeName = type.name
        func add(_ field: Field, _ severity: Severity, _ reason: String) {
            type.fields.append(field)
            expected.add(.init(recordType: typeName, field: field.name, file: root.file, line: root.line, severity: severity, reason: reason))
        }
        expected.add(.init(recordType: typeName, field: nil, file: root.file, line: root.line, severity: .error, reason: "model \(root.name)"))
        for field in CloudKitFieldMapping.systemFields { add(field, .error, "a CloudKit system field") }
        add(CloudKitFieldMapping.field("CD_entityName", .string), .error, "Core Data's entity name on every \(root.name) record")
        let receipt = options.effectiveMoveReceiptSeverity
        add(CloudKitFieldMapping.field("CD_moveReceipt", .bytes), receipt, "Core Data's zone-move receipt, written when records move into a share")
        add(CloudKitFieldMapping.field("CD_moveReceipt_ckAsset", .asset), receipt, "the asset form of Core Data's zone-move receipt")
    }

    private func addFields(of entity: Entity, to type: inout RecordType, expected: inout ExpectedSchema) {
        let typeName = type.name
        func add(_ field: Field, _ expectation: ExpectedSchema.Expectation) {
            // A name already taken (a sub-entity repeating one, or `entityName`) keeps the first.
            guard type.field(named: field.name) == nil else { return }
            type.fields.append(field)
            expected.add(expectation)
        }
        for attribute in entity.attributes {
            for (field, expectation) in fields(of: attribute, in: entity, recordType: typeName) { add(field, expectation) }
        }
        for relationship in entity.relationships where !relationship.toMany && !relationship.mirroringIgnored {
            let name = CloudKitName.field(relationship.name)
            add(CloudKitFieldMapping.field(name, .string), .init(
                recordType: typeName, field: name, file: entity.file, line: relationship.line,
                severity: .error, reason: "to-one relationship \(entity.name).\(relationship.name) -> \(relationship.destination)"))
        }
    }

    /// The field and companion Core Data writes for an attribute, with what requires them;
    /// none for derived, mirroring-ignored, Undefined and Object ID attributes.
    private func fields(of attribute: Attribute, in entity: Entity, recordType: String) -> [(Field, ExpectedSchema.Expectation)] {
        let name = CloudKitName.field(attribute.name)
        let written = "\(entity.name).\(attribute.name) (\(attribute.swiftType ?? "unknown type")\(attribute.optional ? "?" : ""))"
        func expectation(_ field: String, _ severity: Severity, _ reason: String) -> ExpectedSchema.Expectation {
            .init(recordType: recordType, field: field, file: entity.file, line: attribute.line, severity: severity, reason: reason,
                  property: .init(entity: entity.name, name: attribute.name))
        }
        let mapping: CloudKitFieldMapping.Mapping
        switch CloudKitFieldMapping.outcome(for: attribute) {
        case .notWritten:
            return []
        case .unknownType:
            var unknown = expectation(name, .error, written)
            unknown.typeKnown = false
            return [(CloudKitFieldMapping.field(name, .bytes), unknown)]
        case .field(let field):
            mapping = field
        }
        let field = attribute.isCloudEncrypted
            ? Field(name: name, type: .primitive(mapping.type)) : CloudKitFieldMapping.field(name, mapping.type)
        var value = expectation(name, .error, written)
        value.creation = mapping.creation
        if mapping.typeUnverified { value.unverified = Self.unverifiedType(attribute) }
        guard let companion = mapping.companion else { return [(field, value)] }
        var asset = expectation(name + "_ckAsset", severity(of: companion, unverified: mapping.companionUnverified), "large values of \(written)")
        asset.creation = mapping.companionCreation
        if mapping.companionUnverified { asset.unverified = Self.unverifiedCompanion }
        return [(field, value), (CloudKitFieldMapping.field(name + "_ckAsset", .asset), asset)]
    }

    /// The configured severity of a missing companion; an unverified one is at most a warning.
    private func severity(of companion: CloudKitFieldMapping.AssetCompanion, unverified: Bool) -> Severity {
        let configured = options.severity(of: companion)
        return unverified ? min(configured, .warning) : configured
    }

    static let unverifiedCompanion =
        "whether Core Data gives a SwiftData array, set or dictionary a _ckAsset companion (as it does Binary and Transformable attributes, not Composite ones) is not settled by public evidence"

    static func unverifiedType(_ attribute: Attribute) -> String {
        if attribute.enumType {
            return "that SwiftData stores an enum as a Composite attribute (one BYTES value) rather than as its raw value is stated by secondary sources only"
        }
        return "the CloudKit type of a \(attribute.attributeType?.rawValue ?? "") attribute is inferred, not settled by public evidence"
    }

    private func addJoinType(
        for join: ManyToManyPair.End, to types: inout [ExactName: RecordType], order: inout [String], expected: inout ExpectedSchema
    ) {
        let reason = "many-to-many relationship \(join.entity).\(join.relationship)"
        var type = RecordType(name: "CDMR", fields: CloudKitFieldMapping.systemFields, grants: CloudKitFieldMapping.recordTypeGrants)
        expected.add(.init(recordType: "CDMR", field: nil, file: join.file, line: join.line, severity: .error, reason: reason))
        for field in CloudKitFieldMapping.systemFields {
            expected.add(.init(recordType: "CDMR", field: field.name, file: join.file, line: join.line, severity: .error,
                               reason: "a CloudKit system field"))
        }
        for name in ["CD_entityNames", "CD_recordNames", "CD_relationships"] {
            type.fields.append(CloudKitFieldMapping.field(name, .string))
            expected.add(.init(recordType: "CDMR", field: name, file: join.file, line: join.line, severity: .error, reason: reason))
        }
        types["CDMR"] = type
        order.append("CDMR")
    }
}
