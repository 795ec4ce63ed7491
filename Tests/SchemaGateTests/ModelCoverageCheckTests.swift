import CloudKitSchema
import Foundation
import ModelSource
import Testing
@testable import SchemaGate

/// `check` with models: findings point at model source, and a gap Development also
/// shows is reported once.
@Suite struct ModelCoverageCheckTests {
    static let source = """
    @Model final class Item {
        var name: String = ""
        var photo: Data?
        var bin: Bin?
    }

    @Model final class Bin {
        var label: String = ""
        @Relationship(inverse: \\Item.bin) var items: [Item]? = []
    }
    """

    static var expected: ExpectedSchema {
        ExpectedSchema.build(from: ModelReader.read(files: [ModelSourceFile(path: "App/Models.swift", contents: Array(source.utf8))]))
    }

    /// The expected schema with some fields or types removed, as a Production export.
    static func production(removing removals: [(String, String?)]) -> NamedSchema {
        var schema = expected.schema
        for (type, field) in removals {
            if let field {
                if let index = schema.recordTypes.firstIndex(where: { $0.name == type }) {
                    schema.recordTypes[index].fields.removeAll { $0.name == field }
                }
            } else {
                schema.recordTypes.removeAll { $0.name == type }
            }
        }
        return NamedSchema(name: "Production", environment: "production", schema: schema, file: "prod.ckdb")
    }

    @Test func aCompleteProductionPasses() {
        let report = SchemaCheck(production: Self.production(removing: []), references: [], expected: Self.expected).run()
        #expect(report.findings.isEmpty)
        #expect(report.status == .pass)
    }

    @Test func findingsPointAtTheModelSourceLine() {
        let production = Self.production(removing: [("CD_Bin", nil), ("CD_Item", "CD_photo_ckAsset"), ("CD_Item", "CD_name_ckAsset"), ("CD_Item", "CD_bin")])
        let report = SchemaCheck(production: production, references: [], expected: Self.expected).run()
        let summary = report.findings.map { "\($0.severity) \($0.code) \($0.recordType ?? "") \($0.field ?? "-") \($0.file ?? ""):\($0.line ?? 0)" }
        #expect(summary == [
            "error missing-record-type CD_Bin - App/Models.swift:7",
            "error missing-field CD_Item CD_bin App/Models.swift:4",
            "warning missing-field CD_Item CD_name_ckAsset App/Models.swift:2",
            "error missing-field CD_Item CD_photo_ckAsset App/Models.swift:3",
        ])
        #expect(report.findings.allSatisfy { $0.environment == "production" })
        #expect(report.status == .fail)
    }

    @Test func typeChangesAreErrorsAndLeftoverFieldsInfo() throws {
        var production = Self.production(removing: [])
        let item = try #require(production.schema.recordTypes.firstIndex { $0.name == "CD_Item" })
        let name = try #require(production.schema.recordTypes[item].fields.firstIndex { $0.name == "CD_name" })
        production.schema.recordTypes[item].fields[name].type = .primitive(.bytes)
        production.schema.recordTypes[item].fields[name].options = []
        production.schema.recordTypes[item].fields.append(Field(name: "CD_legacy", type: .primitive(.string)))
        // Index and grant differences say nothing about the models.
        production.schema.recordTypes[item].grants = []
        let report = SchemaCheck(production: production, references: [], expected: Self.expected).run()
        #expect(report.findings.map(\.code) == ["field-type-mismatch", "extra-field"])
        #expect(report.findings[0].severity == .error && report.findings[0].line == 2)
        #expect(report.findings[0].expectedType == "STRING" && report.findings[0].actualType == "BYTES")
        #expect(report.findings[1].severity == .info)
    }

    @Test func aGapSeenFromModelsAndDevelopmentIsReportedOnceAtTheModelLineAndHigherSeverity() {
        let production = Self.production(removing: [("CD_Item", "CD_name_ckAsset"), ("CD_Bin", nil)])
        let development = NamedSchema(name: "Development", environment: "development", schema: Self.expected.schema, file: "dev.ckdb")
        let report = SchemaCheck(production: production, references: [development], expected: Self.expected).run()
        #expect(report.findings.map(\.code) == ["missing-record-type", "missing-field"])
        let asset = report.findings[1]
        #expect(asset.file == "App/Models.swift" && asset.line == 2)
        #expect(asset.severity == .error, "Development has it, so a plain deploy was missed: the Development verdict stands")
        #expect(report.notes.count == 2)
    }

    @Test func developmentOnlyChecksAreUnchanged() {
        let production = Self.production(removing: [("CD_Item", "CD_name_ckAsset")])
        let development = NamedSchema(name: "Development", environment: "development", schema: Self.expected.schema, file: "dev.ckdb")
        let report = SchemaCheck(production: production, references: [development]).run()
        #expect(report.findings.map { "\($0.severity) \($0.file ?? "")" } == ["error dev.ckdb"])
    }

    @Test func modelDiagnosticsBecomeFindings() {
        let model = AppModel(entities: [], diagnostics: [
            ModelDiagnostic(kind: .unreadableFile, message: "Models/Gone.swift: a broken symbolic link", file: "Models/Gone.swift"),
            ModelDiagnostic(kind: .unknownType, message: "A.x has no type", file: "Models/A.swift", line: 4),
        ])
        let findings = ModelDiagnosticFindings.findings(for: model)
        #expect(findings.map(\.severity) == [.error, .warning])
        #expect(findings.map(\.code) == ["unreadable-file", "unknown-type"])
        #expect(findings[0].file == "Models/Gone.swift" && findings[1].line == 4)
    }
}
