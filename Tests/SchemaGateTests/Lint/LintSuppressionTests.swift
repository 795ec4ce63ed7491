import ModelSource
import Testing
@testable import SchemaGate

@Suite struct LintSuppressionTests {
    func suppressed(_ text: String) -> [Int: [String]] {
        let index = SuppressionIndex(text: text)
        var result: [Int: [String]] = [:]
        for line in 1...(text.split(separator: "\n", omittingEmptySubsequences: false).count) {
            let ids = ["required-attribute", "unique-constraint", "missing-inverse"].filter { index.suppresses($0, line: line) }
            if !ids.isEmpty { result[line] = ids }
        }
        return result
    }

    @Test func trailingCommentCoversItsLineOnly() {
        let text = """
        @Model final class Item {
            var title: String // cloudkit-schema:disable required-attribute
            var notes: String
        }
        """
        #expect(suppressed(text) == [2: ["required-attribute"]])
    }

    @Test func standaloneCommentCoversTheNextDeclarationThroughAttributesAndBlankLines() {
        let text = """
        @Model final class Item {
            // cloudkit-schema:disable unique-constraint, required-attribute -- legacy store, migrated in 2.0

            /// Documentation comment.
            @Attribute(
                .unique,
                originalName: "code(old)"
            )
            var code: String
            var other: String
        }
        """
        let expected = Array(2...9).reduce(into: [Int: [String]]()) { $0[$1] = ["required-attribute", "unique-constraint"] }
        #expect(suppressed(text) == expected)
    }

    @Test func attributeAndDeclarationOnOneLine() {
        let text = """
            // cloudkit-schema:disable unique-constraint
            @Attribute(.unique) var code: String = ""
            var next: String = ""
        """
        #expect(suppressed(text) == [1: ["unique-constraint"], 2: ["unique-constraint"]])
    }

    @Test func reasonWordsAreNotRuleIDs() {
        #expect(SuppressionIndex.ruleIDs(in: "// cloudkit-schema:disable missing-inverse because legacy") == ["missing-inverse"])
        #expect(SuppressionIndex.ruleIDs(in: "/* cloudkit-schema:disable a-b,c-d */") == ["a-b", "c-d"])
        #expect(SuppressionIndex.ruleIDs(in: "<!-- cloudkit-schema:disable production-environment-entitlement -->") == ["production-environment-entitlement"])
        #expect(SuppressionIndex.ruleIDs(in: "// cloudkit-schema:disabled x") == nil)
        #expect(SuppressionIndex.ruleIDs(in: "// cloudkit-schema:disable -- nothing named") == [])
    }

    @Test func xmlCommentAboveAKeyCoversIt() {
        let text = """
        <dict>
        \t<!-- cloudkit-schema:disable missing-inverse -->
        \t<key>com.apple.developer.icloud-container-environment</key>
        \t<string>Production</string>
        """
        #expect(suppressed(text) == [2: ["missing-inverse"], 3: ["missing-inverse"]])
    }

    @Test func engineDropsSuppressedFindingsOfThatRuleOnly() {
        let source = """
        @Model final class Item {
            @Attribute(.unique) var code: String // cloudkit-schema:disable unique-constraint
        }
        """
        let model = AppModel(entities: [Entity(name: "Item", file: "Item.swift", line: 1, attributes: [
            Attribute(name: "code", swiftType: "String", optional: false, hasDefault: false, unique: true, line: 2),
        ])])
        let engine = LintEngine(rules: LintRuleCatalog.modelRules, readText: { $0 == "Item.swift" ? source : nil })
        #expect(places(engine.findings(for: LintInput(model: model))) == ["required-attribute@2"])
        let unsuppressed = LintEngine(rules: LintRuleCatalog.modelRules, readText: { _ in nil })
        #expect(places(unsuppressed.findings(for: LintInput(model: model))) == ["required-attribute@2", "unique-constraint@2"])
    }
}
