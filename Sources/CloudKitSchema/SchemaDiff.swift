/// Structural differences between a reference schema (what must exist, e.g. Development)
/// and a target schema (what does exist, e.g. Production). Names are compared exactly;
/// order, whitespace, comments and quoting never count.
package enum SchemaDifference: Equatable, Sendable {
    case missingRole(String)
    case extraRole(String)
    case missingRecordType(RecordType)
    case extraRecordType(RecordType)
    case missingField(recordType: String, field: Field)
    case extraField(recordType: String, field: Field)
    case fieldTypeMismatch(recordType: String, expected: Field, actual: Field)
    case indexOptionsDiffer(recordType: String, expected: Field, actual: Field)
    case permissionsDiffer(recordType: String, role: String, expected: Permissions, actual: Permissions)
}

package enum SchemaDiff {
    package static func differences(from reference: Schema, to target: Schema) -> [SchemaDifference] {
        var result: [SchemaDifference] = []
        let targetRoles = Set(target.roles), referenceRoles = Set(reference.roles)
        result += reference.roles.filter { !targetRoles.contains($0) }.map(SchemaDifference.missingRole)
        result += target.roles.filter { !referenceRoles.contains($0) }.map(SchemaDifference.extraRole)

        let targetTypes = Dictionary(target.recordTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let referenceNames = Set(reference.recordTypes.map(\.name))
        for type in reference.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) {
            guard let actual = targetTypes[type.name] else {
                result.append(.missingRecordType(type))
                continue
            }
            result += differences(from: type, to: actual)
        }
        for type in target.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) where !referenceNames.contains(type.name) {
            result.append(.extraRecordType(type))
        }
        return result
    }

    static func differences(from reference: RecordType, to target: RecordType) -> [SchemaDifference] {
        var result: [SchemaDifference] = []
        let targetFields = Dictionary(target.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let referenceNames = Set(reference.fields.map(\.name))
        for field in SchemaPrinter.sortedFields(reference.fields) {
            guard let actual = targetFields[field.name] else {
                result.append(.missingField(recordType: reference.name, field: field))
                continue
            }
            if actual.type != field.type {
                result.append(.fieldTypeMismatch(recordType: reference.name, expected: field, actual: actual))
            } else if actual.options != field.options {
                result.append(.indexOptionsDiffer(recordType: reference.name, expected: field, actual: actual))
            }
        }
        for field in SchemaPrinter.sortedFields(target.fields) where !referenceNames.contains(field.name) {
            result.append(.extraField(recordType: reference.name, field: field))
        }
        let expected = reference.permissionsByRole, actual = target.permissionsByRole
        for role in Set(expected.keys).union(actual.keys).sorted(by: asciiLess) {
            let want = expected[role] ?? [], have = actual[role] ?? []
            if want != have {
                result.append(.permissionsDiffer(recordType: reference.name, role: role, expected: want, actual: have))
            }
        }
        return result
    }
}
