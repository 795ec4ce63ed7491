/// Structural differences between a reference schema (what must exist, e.g. Development)
/// and a target schema (what does exist, e.g. Production). Names are compared byte for
/// byte (`ExactName`), as CloudKit compares them; order, whitespace, comments and quoting
/// never count.
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
        let targetRoles = Set(target.roles.map { ExactName($0) }), referenceRoles = Set(reference.roles.map { ExactName($0) })
        result += reference.roles.filter { !targetRoles.contains(ExactName($0)) }.map(SchemaDifference.missingRole)
        result += target.roles.filter { !referenceRoles.contains(ExactName($0)) }.map(SchemaDifference.extraRole)

        let targetTypes = Dictionary(target.recordTypes.map { (ExactName($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let referenceNames = Set(reference.recordTypes.map { ExactName($0.name) })
        for type in reference.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) {
            guard let actual = targetTypes[ExactName(type.name)] else {
                result.append(.missingRecordType(type))
                continue
            }
            result += differences(from: type, to: actual)
        }
        for type in target.recordTypes.sorted(by: { asciiLess($0.name, $1.name) }) where !referenceNames.contains(ExactName(type.name)) {
            result.append(.extraRecordType(type))
        }
        return result
    }

    static func differences(from reference: RecordType, to target: RecordType) -> [SchemaDifference] {
        var result: [SchemaDifference] = []
        // Both sides in byte order (the order findings are reported in): one pass each way
        // pairs the fields by name, without a table of a million names.
        let expectedFields = SchemaPrinter.sortedFields(reference.fields), actualFields = SchemaPrinter.sortedFields(target.fields)
        forEachPair(expectedFields, actualFields) { field, actual in
            guard let actual else {
                result.append(.missingField(recordType: reference.name, field: field))
                return
            }
            if actual.type != field.type {
                result.append(.fieldTypeMismatch(recordType: reference.name, expected: field, actual: actual))
            } else if actual.options != field.options {
                result.append(.indexOptionsDiffer(recordType: reference.name, expected: field, actual: actual))
            }
        }
        forEachPair(actualFields, expectedFields) { field, expected in
            if expected == nil { result.append(.extraField(recordType: reference.name, field: field)) }
        }
        let expected = reference.permissionsByRole, actual = target.permissionsByRole
        for role in Set(expected.keys).union(actual.keys).sorted(by: { asciiLess($0.text, $1.text) }) {
            let want = expected[role] ?? [], have = actual[role] ?? []
            if want != have {
                result.append(.permissionsDiffer(recordType: reference.name, role: role.text, expected: want, actual: have))
            }
        }
        return result
    }

    /// Calls `body` for each of `fields` with the first of `others` of the same name (by
    /// bytes), or nil; both sorted by `asciiLess`.
    private static func forEachPair(_ fields: [Field], _ others: [Field], _ body: (Field, Field?) -> Void) {
        var index = 0
        for field in fields {
            while index < others.count && asciiLess(others[index].name, field.name) { index += 1 }
            body(field, index < others.count && others[index].name.isExactly(field.name) ? others[index] : nil)
        }
    }
}
