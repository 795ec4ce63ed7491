import Foundation
import Testing
import TestSupport
@testable import SchemaGate

/// "Touched" versus "changed": the models read at the base commit and in the working tree.
@Suite(.waitsOnProcesses) struct PersistedModelComparisonTests {
    static let item = ChangeDetectorTests.item

    func repository(modelPaths: [String]? = ["App/Models"]) throws -> FixtureRepository {
        let repo = try FixtureRepository()
        repo.write("App/Models/Item.swift", Self.item)
        repo.write("App/Models/Tag.swift", "import SwiftData\n\n@Model\nfinal class Tag {\n    var label: String = \"\"\n    init() {}\n}\n")
        repo.write("App/Store.swift", "import SwiftData\nlet schema = Schema([Item.self, Tag.self])\n")
        if let modelPaths {
            repo.write(".cloudkit-schema.json", "{\"modelPaths\": [\(modelPaths.map { "\"\($0)\"" }.joined(separator: ", "))]}")
        }
        try repo.commit("1.0")
        try repo.tag("v1.0")
        // HEAD past the release: a tag on HEAD is the release being made.
        repo.write("NOTES.md", "after the release\n")
        try repo.commit("after 1.0")
        return repo
    }

    func modelChange(_ repo: FixtureRepository) throws -> ChangeReport.ModelChange? {
        let configuration = try ResolvedConfiguration.load(workingDirectory: repo.path, environment: [:])
        let detected = try ChangeAnalysis.detector(
            workingDirectory: repo.path, environment: baseEnvironment(), since: nil, configuration: configuration).detect()
        let alone = PersistedModelComparison.compare(detected)
        // Reading every model in full gives the verdict the shortcut gave, if it took it.
        let full = PersistedModelComparison.compare(detected, shortcut: false)
        #expect(full == alone)
        // The gate's path parses the unchanged files while git fetches the base: same answer.
        let overlapped = try ChangeAnalysis.run(
            workingDirectory: repo.path, environment: baseEnvironment(), since: nil, configuration: configuration).modelChange
        #expect(overlapped == alone)
        return alone
    }

    func onlyTouched(_ repo: FixtureRepository) throws -> Bool {
        let configuration = try ResolvedConfiguration.load(workingDirectory: repo.path, environment: [:])
        let detected = try ChangeAnalysis.detector(
            workingDirectory: repo.path, environment: baseEnvironment(), since: nil, configuration: configuration).detect()
        return PersistedModelComparison.onlyTouched(detected)
    }

    /// The shortcut: when the changed files declare the same things (comments, methods,
    /// computed properties, spacing), the unchanged files are not read. Anything that can
    /// change the model (a stored property, an enum, a new model file, a rename that moves
    /// declarations) takes the full reading.
    @Test func theShortcutOnlyAnswersWhenDeclarationsAreUnchanged() throws {
        let repo = try repository(modelPaths: nil)
        let extras = "    var shout: String { name.uppercased() }\n    func rename(_ value: String) { name = value }\n\n    init() {}"
        repo.write("App/Models/Item.swift", "// A comment on top.\n\n" + Self.item.replacingOccurrences(of: "    init() {}", with: extras))
        #expect(try onlyTouched(repo))
        #expect(try modelChange(repo) == .unchanged)

        repo.write("App/Models/Item.swift", Self.item.replacingOccurrences(of: "    init() {}", with: "    var notes: String?\n    init() {}"))
        #expect(try !onlyTouched(repo))

        repo.write("App/Models/Item.swift", Self.item + "\nenum Size: Int { case small }\n")
        #expect(try !onlyTouched(repo))
        #expect(try modelChange(repo) == .unchanged)

        repo.write("App/Models/Item.swift", Self.item)
        repo.write("App/Models/Extra.swift", "import SwiftData\n@Model final class Extra { var a = 0; init() {} }\n")
        #expect(try !onlyTouched(repo))
        try repo.remove("App/Models/Extra.swift")

        try repo.git(["mv", "App/Models/Tag.swift", "App/Models/Label.swift"])
        #expect(try !onlyTouched(repo))
        #expect(try modelChange(repo) == .unchanged)
    }


    @Test func commentsMethodsAndComputedPropertiesAreNotChanges() throws {
        let repo = try repository()
        repo.write("App/Models/Item.swift", Self.item.replacingOccurrences(of: "    init() {}", with: """
            // The title shown in lists.
            var title: String { name.uppercased() }
            @Transient var isSelected = false
            func rename(_ value: String) { name = value }
            init() {}
        """))
        #expect(try modelChange(repo) == .unchanged)
    }

    @Test func aNewStoredPropertyIsAChange() throws {
        let repo = try repository()
        repo.write("App/Models/Item.swift", Self.item.replacingOccurrences(of: "    init() {}", with: "    var notes: String?\n    init() {}"))
        #expect(try modelChange(repo) == .changed(["Item: added attribute notes (String?)"]))
    }

    @Test func aRetypedPropertyIsAChange() throws {
        let repo = try repository()
        repo.write("App/Models/Tag.swift", "import SwiftData\n\n@Model\nfinal class Tag {\n    var label: Int = 0\n    init() {}\n}\n")
        try repo.commit("retype")
        #expect(try modelChange(repo) == .changed(["Tag: attribute label String, default -> Int, default"]))
    }

    @Test func aDeletedModelIsAChangeAndARenamedFileIsNot() throws {
        let repo = try repository()
        try repo.git(["mv", "App/Models/Item.swift", "App/Models/StockItem.swift"])
        try repo.commit("rename file")
        #expect(try modelChange(repo) == .unchanged)
        try repo.remove("App/Models/Tag.swift")
        repo.write("App/Store.swift", "import SwiftData\nlet schema = Schema([Item.self])\n")
        let change = try modelChange(repo)
        guard case .changed(let lines)? = change else { Issue.record("expected a change, got \(String(describing: change))"); return }
        #expect(lines.contains("removed model Tag"))
        #expect(lines.contains("schema registration: unregistered Tag"))
    }

    @Test func aRegistrationOutsideTheModelPathsIsCompared() throws {
        let repo = try repository()
        repo.write("App/Store.swift", "import SwiftData\nlet schema = Schema([Item.self])\n")
        #expect(try modelChange(repo) == .changed(["schema registration: unregistered Tag"]))
    }

    @Test func withoutConfiguredPathsTheWholeRepositoryIsRead() throws {
        let repo = try repository(modelPaths: nil)
        repo.write("App/Models/Item.swift", Self.item + "\nextension Item { var shout: String { name + \"!\" } }\n")
        #expect(try modelChange(repo) == .unchanged)
        repo.write("Elsewhere/Note.swift", "import SwiftData\n@Model final class Note { var text = \"\"; init() {} }\n")
        guard case .changed(let lines)? = try modelChange(repo) else { Issue.record("expected a change"); return }
        #expect(lines.contains { $0.hasPrefix("added model Note") })
    }

    /// Unchanged files are parsed once and belong to both versions: a model declared in
    /// one (Tag) is in the base reading and the working-tree reading, next to the changed
    /// model read from git and from disk.
    @Test func bothReadingsHoldTheUnchangedFilesAndTheirOwnVersionOfTheChangedOnes() throws {
        let repo = try repository(modelPaths: nil)
        repo.write("App/Models/Item.swift", Self.item.replacingOccurrences(of: "    init() {}", with: "    var notes: String?\n    init() {}"))
        let configuration = try ResolvedConfiguration.load(workingDirectory: repo.path, environment: [:])
        let detected = try ChangeAnalysis.detector(
            workingDirectory: repo.path, environment: baseEnvironment(), since: nil, configuration: configuration).detect()
        try #require(detected.report.base.commit != nil)
        let unchanged = PersistedModelComparison.parseUnchangedFiles(detected)
        let (old, new) = PersistedModelComparison.readBoth(detected, unchanged: unchanged)
        #expect(old.entities.map(\.name).sorted() == ["Item", "Tag"] && new.entities.map(\.name).sorted() == ["Item", "Tag"])
        #expect(old.registeredTypes == ["Item", "Tag"] && new.registeredTypes == ["Item", "Tag"])
        #expect(!(old.entities.first { $0.name == "Item" }?.attributes.contains { $0.name == "notes" } ?? true))
        #expect(new.entities.first { $0.name == "Item" }?.attributes.contains { $0.name == "notes" } == true)
    }

    @Test func nothingTouchedMeansNothingToCompare() throws {
        let repo = try repository()
        repo.write("README.md", "docs\n")
        #expect(try modelChange(repo) == nil)
    }
}
