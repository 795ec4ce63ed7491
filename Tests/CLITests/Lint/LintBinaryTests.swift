import Foundation
import TestSupport
import Testing

/// The real `cloudkit-schema lint` binary on a git repository made in the test, the way a
/// pre-commit hook or a release script runs it.
@Suite(.waitsOnProcesses) struct LintBinaryTests {
    static let item = """
        import SwiftData

        @Model final class Item {
            var title: String = ""
            var count: Int = 0
            @Relationship(inverse: \\Tag.items) var tags: [Tag]? = []

            init() {}
        }

        @Model final class Tag {
            var name: String = ""
            var items: [Item]? = []

            init() {}
        }

        """

    func repository() throws -> TemporaryDirectory {
        let repo = TemporaryDirectory("lint-bin")
        try git(["init", "-q", "-b", "main"], in: repo.path)
        repo.write("Cubby/Models/Item.swift", Self.item)
        try git(["add", "-A"], in: repo.path)
        try git(["commit", "-qm", "models"], in: repo.path)
        try git(["tag", "-a", "v1.0", "-m", "1.0"], in: repo.path)
        return repo
    }

    @Test func cleanModelsPassAndSinceSeesNoChange() throws {
        let repo = try repository()
        let result = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Cubby/Models", "--since", "v1.0"], in: repo.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("No findings."))
        #expect(result.stdout.contains("Compared with v1.0"))
    }

    @Test func sinceReportsRetypedRemovedAndRenamedManyToMany() throws {
        let repo = try repository()
        repo.write("Cubby/Models/Item.swift", """
            import SwiftData

            @Model final class Item {
                var title: String = ""
                var count: String = ""
                @Relationship(inverse: \\Tag.itemsStorage) var tagsStorage: [Tag]? = []
                var rating: Int

                init(rating: Int) { self.rating = rating }
            }

            @Model final class Tag {
                var itemsStorage: [Item]? = []

                init() {}
            }

            """)
        let result = try runProcess(cloudkitSchemaBinary, [
            "lint", "--models", "Cubby/Models", "--since", "v1.0", "--format", "json",
        ], in: repo.path)
        #expect(result.status == 1, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let keys = Set(findings.map { "\($0["code"]!)@\($0["file"]!):\($0["line"]!)" })
        #expect(keys == [
            "property-type-changed@Cubby/Models/Item.swift:5",
            "many-to-many-renamed@Cubby/Models/Item.swift:6",
            "required-attribute@Cubby/Models/Item.swift:7",
            "new-required-property@Cubby/Models/Item.swift:7",
            "removed-property@Cubby/Models/Item.swift:3",
            "removed-property@Cubby/Models/Item.swift:12",
        ])
    }

    @Test func unknownRevisionExitsTwo() throws {
        let repo = try repository()
        let result = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Cubby/Models", "--since", "v9"], in: repo.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown revision 'v9'"))
    }

    @Test func unparsableModelExitsTwo() throws {
        let repo = try repository()
        repo.write("Cubby/Models/Broken.xcdatamodeld/Broken.xcdatamodel/contents", "<model><entity name=\"A\"></model>")
        let result = try runProcess(cloudkitSchemaBinary, ["lint", "--models", "Cubby/Models", "--format", "xcode"], in: repo.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.stdout.contains("Broken.xcdatamodel/contents"))
        #expect(result.stdout.contains("[parse-error]"))
    }
}
