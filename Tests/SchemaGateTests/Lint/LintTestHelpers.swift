import ModelSource
@testable import SchemaGate

/// Runs one rule (defaults, no suppression files) and returns its findings.
func lint(_ rule: any LintRule, _ input: LintInput) -> [Finding] {
    LintEngine(rules: [rule], readText: { _ in nil }).findings(for: input).filter { $0.code == type(of: rule).info.id }
}

func lint(_ rule: any LintRule, _ model: AppModel) -> [Finding] {
    lint(rule, LintInput(model: model))
}

/// `code@line` for compact expectations.
func places(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.code)@\($0.line.map(String.init) ?? "-")" }
}

/// An attribute as the Swift reader builds it, with the Core Data type SwiftData gives `type`.
func attribute(_ name: String, _ type: String?, optional: Bool = false, defaulted: Bool = true, unique: Bool = false, originalName: String? = nil, line: Int) -> Attribute {
    let attributeType = type.map { written -> AttributeType in
        let base = written.hasSuffix("?") ? String(written.dropLast()) : written
        return AttributeType.swiftData(base: base, isCollection: base.hasPrefix("[") || base.hasPrefix("Set<"), transformable: false)
    }
    return Attribute(name: name, swiftType: type, optional: optional, hasDefault: defaulted, unique: unique, originalName: originalName,
                     attributeType: attributeType, line: line)
}

func relation(
    _ name: String, to destination: String, many: Bool = false, optional: Bool = true, inverse: String? = nil,
    deleteRule: DeleteRule = .nullify, ordered: Bool = false, originalName: String? = nil, line: Int
) -> Relationship {
    Relationship(name: name, destination: destination, toMany: many, optional: optional, inverse: inverse,
                 deleteRule: deleteRule, ordered: ordered, originalName: originalName, line: line)
}

import Foundation

/// `Fixtures/Lint/...` inside the test bundle.
func lintFixture(_ relative: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Lint/\(relative)").path
}

/// The `file:line` places a fixture folder marks with `expect: RULE-ID` (in a Swift `//`
/// or XML `<!-- -->` comment on the reported line), relative to `root`.
func expectedPlaces(of rule: String, under root: String) -> [String] {
    var places: [String] = []
    let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    for relative in files {
        guard let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { continue }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("expect: \(rule)") {
            places.append("\(relative):\(index + 1)")
        }
    }
    return places.sorted()
}

/// A reader for tests that do not look at models.
let noModels = LintModelReader(readPaths: { _ in AppModel() }, readFiles: { _ in AppModel() })
