import CloudKitSchema

/// The read-only `check` step: what Production lacks, measured against the schema the
/// app's models require (when given) and every reference export (Development). With models,
/// what Development holds that they do not write is reported as a leftover, never deployed.
package struct SchemaCheck: Sendable {
    package var production: NamedSchema
    /// References Production is measured against, in report order.
    package var references: [NamedSchema]
    /// The schema the models require; measured first, so shared gaps point at model source.
    package var expected: ExpectedSchema?
    /// The configured severities, for what only Development shows (the models carry theirs).
    package var options: ExpectedSchemaOptions

    package init(
        production: NamedSchema, references: [NamedSchema], expected: ExpectedSchema? = nil, options: ExpectedSchemaOptions = .default
    ) {
        self.production = production
        self.references = references
        self.expected = expected
        self.options = options
    }

    package func run() -> Report {
        var findings: [Finding] = []
        var positions: [ExactName: Int] = [:]
        func add(_ finding: Finding) {
            // The same gap seen from two references is reported once, from the first, at
            // the higher severity: adding a reference never weakens another's verdict.
            // Names as CloudKit tells them apart: by their bytes.
            let key = ExactName([finding.code, finding.recordType ?? "", finding.field ?? ""].joined(separator: "\u{0}"))
            if let position = positions[key] {
                findings[position].severity = max(findings[position].severity, finding.severity)
            } else {
                positions[key] = findings.count
                findings.append(finding)
            }
        }
        var notes: [String] = []
        let target = "\(production.name)\(production.file.map { " (\($0))" } ?? "")"
        let leftovers = expected.map {
            DevelopmentLeftovers(expected: $0, development: references.map(\.schema), production: production.schema).names
        } ?? []
        if let expected {
            ExpectedSchemaCheck.findings(expected: expected, production: production, development: references, leftovers: leftovers)
                .forEach(add)
            let count = expected.schema.recordTypes.filter { $0.name != "Users" }.count
            notes.append("Measured \(target) against the schema the app's models require (\(plural(count, "record type"))).")
        }
        for reference in references {
            DriftCheck.findings(reference: reference, target: production, expected: expected, options: options, leftovers: leftovers)
                .forEach(add)
            notes.append("Measured \(target) against \(reference.name)\(reference.file.map { " (\($0))" } ?? "").")
        }
        return Report(command: "check", findings: findings, notes: notes)
    }
}

package extension NamedSchema {
    /// Reads a .ckdb file for one environment.
    static func load(path: String, name: String, environment: String?) throws(SchemaParseError) -> NamedSchema {
        NamedSchema(name: name, environment: environment, schema: try SchemaParser.parse(contentsOf: path), file: path)
    }
}
