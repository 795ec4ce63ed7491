import CloudKitSchema

/// What Development holds that a deploy would add to Production although no model of this
/// release writes it: record types and fields of an abandoned experiment, or a field
/// created with a type the models no longer write. Deploy Schema Changes copies the whole
/// Development schema and Production can never drop a record type or field
/// (Docs/DeployAdvice.md), so these are reported as what they are, a warning and never an
/// error, and every fix that deploys deletes them from Development first.
package struct DevelopmentLeftovers: Equatable, Sendable {
    package enum Item: Equatable, Sendable {
        case recordType(RecordType)
        /// `written`: the type the models write the field with, when they write it with another.
        case field(recordType: String, field: Field, written: FieldType?)

        /// `CD_Coupon`, `CD_Item.CD_barcode`.
        package var name: String {
            switch self {
            case .recordType(let type): return type.name
            case .field(let type, let field, _): return "\(type).\(field.name)"
            }
        }
    }

    package private(set) var items: [Item] = []

    package var names: [String] { items.map(\.name) }

    /// The leftovers of every Development export: what it has, Production lacks, and the
    /// models do not write.
    package init(expected: ExpectedSchema, development: [Schema], production: Schema) {
        for schema in development {
            for difference in SchemaDiff.differences(from: schema, to: production) {
                for item in Self.items(for: difference, expected: expected) where !items.contains(item) { items.append(item) }
            }
        }
    }

    /// The leftovers a Development-to-Production difference holds: none when the models
    /// write it or a deploy would not add it. A record type the models write that
    /// Production lacks carries the fields they do not write.
    package static func items(for difference: SchemaDifference, expected: ExpectedSchema) -> [Item] {
        switch difference {
        case .missingRecordType(let type):
            guard expected.writes(recordType: type.name) else { return [.recordType(type)] }
            return type.fields.compactMap { field(type.name, $0, expected: expected) }
        case .missingField(let type, let field):
            return self.field(type, field, expected: expected).map { [$0] } ?? []
        default:
            return []
        }
    }

    private static func field(_ type: String, _ field: Field, expected: ExpectedSchema) -> Item? {
        guard !field.isSystemField, !expected.writes(field, in: type) else { return nil }
        return .field(recordType: type, field: field, written: expected.schema.recordType(named: type)?.field(named: field.name)?.type)
    }

    /// The warning a leftover is reported as, located in the Development export.
    package static func finding(for item: Item, development: NamedSchema, production: NamedSchema) -> Finding {
        let (dev, prod) = (development.name, production.name)
        let permanent = "deploying the schema would make it permanent in \(prod)"
        var finding: Finding
        switch item {
        case .recordType(let type):
            finding = Finding(
                severity: .warning, code: FindingCode.unwrittenRecordType.id,
                message: "\(dev) has record type \(type.name) (\(plural(type.fields.count, "field"))), which \(prod) lacks and no model of this release writes; \(permanent)",
                recordType: type.name, environment: development.environment, file: development.file, line: type.location?.line)
            finding.apply(FieldCreationAdvice.leftoverFix(recordType: type.name, field: nil))
        case .field(let type, let field, let written):
            let why = written.map { "; the models write it as \($0), so deploying would make \(field.type) permanent in \(prod)" }
                ?? " and no model of this release writes; \(permanent)"
            finding = Finding(
                severity: .warning, code: FindingCode.unwrittenField.id,
                message: "\(dev) has field \(type).\(field.name) (\(field.type)), which \(prod) lacks\(why)",
                recordType: type, field: field.name, expectedType: written?.description, actualType: field.type.description,
                environment: development.environment, file: development.file, line: field.location?.line)
            finding.apply(FieldCreationAdvice.leftoverFix(recordType: type, field: field.name))
        }
        return finding
    }
}

extension ExpectedSchema {
    /// Whether the models write `field` into `recordType` as it is: a field of that name
    /// whose type is the same, or not settled (an unknown Swift type, an unverified
    /// mapping), or the `_ckAsset` companion of such a field. `Users` and its fields count
    /// as written: every container has them.
    package func writes(_ field: Field, in recordType: String) -> Bool {
        guard let wanted = schema.recordType(named: recordType)?.field(named: field.name) else {
            // The companion of a field whose mapping is unsettled may be written too.
            return CloudKitFieldMapping.companionBase(of: field.name).flatMap { expectation(recordType: recordType, field: $0) }
                .map { !$0.typeKnown || $0.unverified != nil } ?? false
        }
        guard wanted.type != field.type else { return true }
        guard let expectation = expectation(recordType: recordType, field: field.name) else { return false }
        return !expectation.typeKnown || expectation.unverified != nil
    }

    /// Whether the models write records of this type (`Users` included).
    package func writes(recordType: String) -> Bool {
        schema.recordType(named: recordType) != nil
    }
}
