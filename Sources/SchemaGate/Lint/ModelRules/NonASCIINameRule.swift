import ModelSource

/// A model, attribute or relationship name that is not plain ASCII becomes a CloudKit
/// record type or field name CloudKit compares byte for byte: the same-looking name in
/// another Unicode normalization (an editor, a file system, text pasted from elsewhere
/// writes `é` as one scalar or as `e` and a combining accent) is another field, and
/// Production lacks it. Apple's documentation asks for "alphanumeric characters"
/// without saying whether non-ASCII letters are among them (Docs/CloudKitMapping.md,
/// "Names are bytes"), so this is a warning, never more.
struct NonASCIINameRule: LintRule {
    static let info = LintRuleInfo(
        id: "non-ascii-name", severity: .warning,
        summary: "A model, attribute or relationship name that is not ASCII (CloudKit compares names byte for byte: another Unicode normalization is another field).",
        fix: "Use ASCII letters, digits and underscores for model, attribute and relationship names before they reach Production.")

    init() {}

    func check(_ input: LintInput) -> [LintViolation] {
        input.model.entities.flatMap { entity -> [LintViolation] in
            let recordType = entity.recordType(in: input.model)
            var violations: [LintViolation] = []
            if !Self.isASCII(entity.name) {
                violations.append(LintViolation(
                    message: "model \(entity.name) maps to record type \(recordType), whose name is not ASCII",
                    file: entity.file, line: entity.line, recordType: recordType, unsettled: true))
            }
            let members = entity.attributes.map { ($0.name, $0.line) } + entity.relationships.map { ($0.name, $0.line) }
            for (name, line) in members where !Self.isASCII(name) {
                violations.append(LintViolation(
                    message: "\(entity.name).\(name) maps to field \(fieldName(name)), whose name is not ASCII",
                    file: entity.file, line: line, recordType: recordType, field: fieldName(name), unsettled: true))
            }
            return violations
        }
    }

    static func isASCII(_ name: String) -> Bool { name.utf8.allSatisfy { $0 < 0x80 } }
}
