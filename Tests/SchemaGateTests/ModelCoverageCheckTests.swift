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

    /// Issue 27, case 4: the configured severity holds whichever comparison sees the gap.
    @Test func aGapSeenFromModelsAndDevelopmentIsReportedOnceAtTheModelLineAndConfiguredSeverity() {
        let production = Self.production(removing: [("CD_Item", "CD_name_ckAsset"), ("CD_Bin", nil)])
        let development = NamedSchema(name: "Development", environment: "development", schema: Self.expected.schema, file: "dev.ckdb")
        for configured in Severity.allCases {
            let options = ExpectedSchemaOptions(stringAssetSeverity: configured)
            let expected = ExpectedSchema.build(from: ModelReader.read(files: [ModelSourceFile(path: "App/Models.swift", contents: Array(Self.source.utf8))]), options: options)
            let report = SchemaCheck(production: production, references: [development], expected: expected, options: options).run()
            #expect(report.findings.map(\.code) == ["missing-record-type", "missing-field"])
            let asset = report.findings[1]
            #expect(asset.file == "App/Models.swift" && asset.line == 2)
            #expect(asset.severity == configured, "Development having it changes the fix, not how bad the gap is")
            #expect(asset.fixSteps == [.deploy])
            #expect(report.notes.count == 2)
        }
    }

    /// Without models, a companion's kind is told from the field it accompanies.
    @Test func developmentOnlyChecksUseTheConfiguredSeverities() {
        let production = Self.production(removing: [("CD_Item", "CD_name_ckAsset"), ("CD_Item", "CD_photo_ckAsset"), ("CD_Item", "CD_moveReceipt")])
        let development = NamedSchema(name: "Development", environment: "development", schema: Self.expected.schema, file: "dev.ckdb")
        func severities(_ options: ExpectedSchemaOptions) -> [String] {
            SchemaCheck(production: production, references: [development], options: options).run().findings
                .map { "\($0.field ?? "") \($0.severity) \($0.file ?? "")" }
        }
        #expect(severities(.default) == ["CD_moveReceipt warning dev.ckdb", "CD_name_ckAsset warning dev.ckdb", "CD_photo_ckAsset error dev.ckdb"])
        #expect(severities(ExpectedSchemaOptions(sharesRecords: true, stringAssetSeverity: .info, dataAssetSeverity: .warning))
            == ["CD_moveReceipt error dev.ckdb", "CD_name_ckAsset info dev.ckdb", "CD_photo_ckAsset warning dev.ckdb"])
    }

    /// Issue 27, case 3: what Development holds that no model writes is a leftover, and
    /// every fix that deploys deletes it first.
    @Test func developmentLeftoversAreWarningsAndEveryDeployRemovesThemFirst() throws {
        let production = Self.production(removing: [("CD_Item", "CD_photo")])
        var development = Self.expected.schema
        let item = try #require(development.recordTypes.firstIndex { $0.name == "CD_Item" })
        development.recordTypes[item].fields.append(Field(name: "CD_barcode", type: .primitive(.string)))
        development.recordTypes.append(RecordType(name: "CD_Coupon", fields: CloudKitFieldMapping.systemFields))
        let report = SchemaCheck(
            production: production, references: [NamedSchema(name: "Development", environment: "development", schema: development, file: "dev.ckdb")],
            expected: Self.expected).run()
        #expect(report.findings.map { "\($0.severity) \($0.code) \($0.recordType ?? "").\($0.field ?? "")" } == [
            "error missing-field CD_Item.CD_photo", "warning unwritten-record-type CD_Coupon.", "warning unwritten-field CD_Item.CD_barcode",
        ])
        let deploy = report.findings[0]
        #expect(deploy.fixSteps == [.removeLeftovers, .deploy])
        #expect(deploy.fix?.contains("(CD_Coupon and CD_Item.CD_barcode)") == true, "\(deploy.fix ?? "")")
        #expect(report.findings.dropFirst().allSatisfy { $0.fixSteps == [.removeLeftovers] && $0.environment == "development" })
        #expect(report.findings[1].message.contains("no model of this release writes; deploying the schema would make it permanent in Production"))
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
