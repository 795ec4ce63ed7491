import ModelSource
import Testing
@testable import SchemaGate

/// Evolution rules over two AppModel values (the git-backed end-to-end runs are in
/// LintSinceTests and the CLI tests).
@Suite struct LintEvolutionRuleTests {
    func input(old: [Entity], new: [Entity]) -> LintInput {
        LintInput(model: AppModel(entities: new), previous: PreviousModel(revision: "v1", model: AppModel(entities: old)))
    }

    func item(_ attributes: [Attribute] = [], _ relationships: [Relationship] = [], file: String = "Item.swift") -> Entity {
        Entity(name: "Item", file: file, line: 1, attributes: attributes, relationships: relationships)
    }

    @Test func nothingWithoutAPreviousModel() {
        let model = AppModel(entities: [item([attribute("a", "Int", line: 2)])])
        for rule in LintRuleCatalog.evolutionRules { #expect(rule.check(LintInput(model: model)).isEmpty) }
    }

    @Test func propertyTypeChanged() {
        let old = [item([attribute("count", "Int", line: 2), attribute("kind", "Kind", line: 3), attribute("size", "Int32", line: 4),
                         attribute("title", "String", line: 5)])]
        let new = [item([attribute("count", "String", line: 7), attribute("kind", "ItemKind?", line: 8), attribute("size", "Int64", line: 9),
                         attribute("title", "String?", optional: true, line: 10)])]
        let findings = lint(PropertyTypeChangedRule(), input(old: old, new: new))
        // Int32 -> Int64 (both INT64) and String -> String? are absorbed; the others are not.
        #expect(places(findings) == ["property-type-changed@7", "property-type-changed@8"])
        #expect(findings[0].message.contains("from Int (INT64) to String (STRING) since v1 (v1:Item.swift:2)"))
        #expect(findings[0].field == "CD_count" && findings[0].severity == .error)
        #expect(findings[1].message.contains("encoded type from Kind to ItemKind"))
        #expect(lint(PropertyTypeChangedRule(), input(old: old, new: old)).isEmpty)
    }

    @Test func relationshipShapeChanged() {
        let old = [item([], [relation("owner", to: "Owner", line: 2), relation("bin", to: "Bin", line: 3)])]
        let new = [item([], [relation("owner", to: "Owner", many: true, line: 4), relation("bin", to: "Shelf", line: 5)])]
        #expect(places(lint(PropertyTypeChangedRule(), input(old: old, new: new))) == ["property-type-changed@4", "property-type-changed@5"])
    }

    @Test func removedPropertyMentionsOriginalName() {
        let old = [item([attribute("notes", "String", line: 2), attribute("title", "String", line: 3)], [relation("tags", to: "Tag", many: true, line: 4)])]
        let new = [item([attribute("title", "String", line: 3)])]
        let findings = lint(RemovedPropertyRule(), input(old: old, new: new))
        #expect(places(findings) == ["removed-property@1", "removed-property@1"])
        #expect(findings.map(\.field) == ["CD_notes", "CD_tags"])
        #expect(findings[0].message.contains("@Attribute(originalName: \"notes\")"))
        #expect(findings[1].message.contains("@Relationship(originalName: \"tags\")"))
        #expect(findings[0].severity == .warning)
        #expect(lint(RemovedPropertyRule(), input(old: old, new: old)).isEmpty)
    }

    @Test func renameWithOriginalNameIsARenameNotARemoval() {
        let old = [item([attribute("name", "String", line: 2)])]
        let new = [item([attribute("title", "String", originalName: "name", line: 3)])]
        #expect(lint(RemovedPropertyRule(), input(old: old, new: new)).isEmpty)
        let renamed = lint(RenamedPropertyRule(), input(old: old, new: new))
        #expect(places(renamed) == ["renamed-property@3"])
        #expect(renamed.first?.message.contains("Production keeps CD_name, the new CD_title must be deployed") == true)
        // A type change through a rename is still a type change.
        let retyped = [item([attribute("title", "Int", originalName: "name", line: 3)])]
        #expect(places(lint(PropertyTypeChangedRule(), input(old: old, new: retyped))) == ["property-type-changed@3"])
        #expect(lint(RenamedPropertyRule(), input(old: old, new: old)).isEmpty)
    }

    @Test func removedModel() {
        let old = [item(), Entity(name: "SavedSearch", file: "SavedSearch.swift", line: 4)]
        let findings = lint(RemovedModelRule(), input(old: old, new: [item()]))
        #expect(places(findings) == ["removed-model@4"])
        #expect(findings.first?.recordType == "CD_SavedSearch" && findings.first?.file == "SavedSearch.swift")
        #expect(lint(RemovedModelRule(), input(old: old, new: old)).isEmpty)
    }

    @Test func manyToManyWithBothEndsRenamed() {
        func pair(_ itemEnd: String, _ tagEnd: String, line: Int) -> [Entity] {
            [Entity(name: "Item", file: "Item.swift", line: 1, relationships: [relation(itemEnd, to: "Tag", many: true, inverse: tagEnd, line: line)]),
             Entity(name: "Tag", file: "Tag.swift", line: 1, relationships: [relation(tagEnd, to: "Item", many: true, line: line + 1)])]
        }
        let old = pair("tags", "items", line: 2)
        let findings = lint(ManyToManyRenamedRule(), input(old: old, new: pair("tagsStorage", "itemsStorage", line: 5)))
        #expect(places(findings) == ["many-to-many-renamed@5"])
        #expect(findings.first?.message.contains("Item.tags <-> Tag.items were renamed to Item.tagsStorage <-> Tag.itemsStorage") == true)
        // One end kept: the join rows keep an anchor (removed-property still warns about the other).
        #expect(lint(ManyToManyRenamedRule(), input(old: old, new: pair("tags", "itemsStorage", line: 5))).isEmpty)
        #expect(lint(ManyToManyRenamedRule(), input(old: old, new: old)).isEmpty)
    }

    @Test func newRequiredProperty() {
        let old = [item([attribute("title", "String", line: 2)])]
        let new = [item([attribute("title", "String", line: 2), attribute("rating", "Int", defaulted: false, line: 3),
                         attribute("note", "String?", optional: true, defaulted: false, line: 4), attribute("flag", "Bool", line: 5)],
                        [relation("owner", to: "Owner", optional: false, line: 6)])]
        #expect(places(lint(NewRequiredPropertyRule(), input(old: old, new: new))) == ["new-required-property@3", "new-required-property@6"])
        // A brand-new model has no existing rows: required-attribute covers it, not this rule.
        let added = [item([attribute("title", "String", line: 2)]), Entity(name: "Bin", file: "Bin.swift", line: 1, attributes: [attribute("code", "String", defaulted: false, line: 2)])]
        #expect(lint(NewRequiredPropertyRule(), input(old: old, new: added)).isEmpty)
    }

    @Test func previousReaderDiagnosticsAreReportedWithTheRevision() {
        var oldModel = AppModel(entities: [item()])
        oldModel.diagnostics = [ModelDiagnostic(kind: .parseError, message: "unbalanced braces", file: "Item.swift", line: 9)]
        let input = LintInput(model: AppModel(entities: [item()]), previous: PreviousModel(revision: "v1", model: oldModel))
        let findings = LintEngine(rules: [], readText: { _ in nil }).findings(for: input)
        #expect(findings.map(\.code) == ["parse-error"])
        #expect(findings.first?.message == "at v1: unbalanced braces")
    }
}
