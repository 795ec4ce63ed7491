import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGate

/// Every model rule on real SwiftData / Core Data sources read by the ModelSource reader:
/// the `fail` folder's marked lines are reported (rule id and line), the `pass` folder is
/// read cleanly and reports nothing.
@Suite struct LintFixtureTests {
    static let ids = LintRuleCatalog.modelRules.map { type(of: $0).info.id }

    @Test(arguments: ids)
    func failingFixture(rule id: String) throws {
        let root = lintFixture("Models/\(id)/fail")
        let expected = expectedPlaces(of: id, under: root)
        #expect(!expected.isEmpty)
        let report = try run(id, root)
        #expect(report.findings.allSatisfy { $0.code == id }, "\(report.findings.map { "\($0.code): \($0.message)" })")
        #expect(report.findings.map { "\($0.file!):\($0.line!)" }.sorted() == expected)
    }

    @Test(arguments: ids)
    func passingFixture(rule id: String) throws {
        let report = try run(id, lintFixture("Models/\(id)/pass"))
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.code) \($0.file ?? ""):\($0.line ?? 0) \($0.message)" })")
        #expect(report.status == .pass)
    }

    func run(_ id: String, _ root: String) throws -> Report {
        let rule = try #require(LintRuleCatalog.all.first { type(of: $0).info.id == id })
        return try LintRunner(reader: .standard, rules: [rule]).run(LintRequest(paths: ["."], workingDirectory: root, environment: [:]))
    }
}

/// Suppression comments in real model sources, read through the reader.
@Suite struct LintModelSuppressionTests {
    @Test func swiftAndCoreDataSuppressions() throws {
        let directory = TemporaryDirectory("lint-suppress-models")
        directory.write("Models/Item.swift", """
            import SwiftData

            @Model final class Item {
                // cloudkit-schema:disable unique-constraint -- deduplicated on import, see ImportService
                @Attribute(.unique)
                var code: String = ""
                var title: String // cloudkit-schema:disable required-attribute
                var notes: String

                init(title: String, notes: String) { self.title = title; self.notes = notes }
            }

            """)
        directory.write("Models/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents", """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" usedWithCloudKit="YES">
                <entity name="List" representedClassName="List" syncable="YES">
                    <!-- cloudkit-schema:disable ordered-relationship -->
                    <relationship name="entries" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Entry" inverseName="list" inverseEntity="Entry"/>
                </entity>
                <entity name="Entry" representedClassName="Entry" syncable="YES">
                    <relationship name="list" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="List" inverseName="entries" inverseEntity="List"/>
                    <relationship name="other" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="List"/>
                </entity>
            </model>
            """)
        let report = try LintRunner(reader: .standard, rules: LintRuleCatalog.modelRules).run(LintRequest(
            paths: ["Models"], workingDirectory: directory.path, environment: [:]))
        #expect(report.findings.map { "\($0.code)@\($0.file!):\($0.line!)" } == [
            "required-attribute@Models/Item.swift:8",
            "missing-inverse@Models/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents:9",
            "ordered-relationship@Models/Legacy.xcdatamodeld/Legacy.xcdatamodel/contents:9",
        ])
    }
}
