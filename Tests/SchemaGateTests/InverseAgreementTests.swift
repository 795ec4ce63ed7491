import ModelSource
import Testing
@testable import SchemaGate

/// Lint and the expected schema read inverses by one rule (`RelationshipGraph`): the
/// expected schema used to pair relationships lint says no framework pairs, and so
/// expected a `CDMR` record type no app writes.
@Suite struct InverseAgreementTests {
    func toMany(_ name: String, to destination: String, line: Int) -> Relationship {
        Relationship(name: name, destination: destination, toMany: true, optional: true, inverse: nil, line: line)
    }

    func answers(_ model: AppModel) -> (lintFindsInverse: Bool, expectsJoinType: Bool) {
        let violations = MissingInverseRule().check(LintInput(model: model))
        let expected = ExpectedSchema.build(from: model)
        return (violations.isEmpty, expected.schema.recordTypes.contains { $0.name == "CDMR" })
    }

    /// Core Data's CloudKit validator requires an inverse set in the model; it infers none.
    @Test func aCoreDataPairWithoutInversesIsNoManyToMany() {
        let file = "Model.xcdatamodeld/Model.xcdatamodel/contents"
        let model = AppModel(entities: [
            Entity(name: "Tag", file: file, line: 3, relationships: [toMany("items", to: "Item", line: 4)]),
            Entity(name: "Item", file: file, line: 7, relationships: [toMany("tags", to: "Tag", line: 8)]),
        ])
        let answers = answers(model)
        #expect(!answers.lintFindsInverse)
        #expect(answers.expectsJoinType == answers.lintFindsInverse)
    }

    /// Two relationships one way and one back: SwiftData cannot tell which pairs.
    @Test func anAmbiguousSwiftDataPairIsNoManyToMany() {
        let model = AppModel(entities: [
            Entity(name: "Tag", file: "Tag.swift", line: 3, relationships: [toMany("items", to: "Item", line: 4)]),
            Entity(name: "Item", file: "Item.swift", line: 7, relationships: [
                toMany("tags", to: "Tag", line: 8), toMany("hiddenTags", to: "Tag", line: 9),
            ]),
        ])
        let answers = answers(model)
        #expect(!answers.lintFindsInverse)
        #expect(answers.expectsJoinType == answers.lintFindsInverse)
    }

    /// An unambiguous SwiftData pair is inferred by both.
    @Test func anInferredSwiftDataPairIsAManyToManyForBoth() {
        let model = AppModel(entities: [
            Entity(name: "Tag", file: "Tag.swift", line: 3, relationships: [toMany("items", to: "Item", line: 4)]),
            Entity(name: "Item", file: "Item.swift", line: 7, relationships: [toMany("tags", to: "Tag", line: 8)]),
        ])
        let answers = answers(model)
        #expect(answers.lintFindsInverse)
        #expect(answers.expectsJoinType)
    }

    /// The reader fills in an inverse only from the destination's side: `C.z` naming
    /// `\A.y` as its inverse says nothing about `A.y`, which points at `B`.
    @Test func theReaderTakesAnInverseOnlyFromTheDestination() {
        let source = """
        import SwiftData
        @Model final class A { var y: B? }
        @Model final class B { var x: A? }
        @Model final class C { @Relationship(inverse: \\A.y) var z: [A] = [] }
        """
        let model = ModelReader.read(files: [ModelSourceFile(path: "Models.swift", contents: Array(source.utf8))])
        let y = model.entity(named: "A")?.relationships.first { $0.name == "y" }
        #expect(y != nil && y?.inverse == nil, "\(String(describing: y))")
        let graph = RelationshipGraph(model: model)
        if let a = model.entity(named: "A"), let y {
            #expect(graph.inverse(of: y, in: a) == .found(model.entity(named: "B")!.relationships[0]))
        }
    }
}
