import Foundation
import Testing
import TestSupport
@testable import SchemaGate

/// Change detection sees the model reader's own file set (Docs/guarantees.md: change
/// detection and the reader see the same files). A file the reader reads that git has no
/// history for is listed as unversioned, with why, and the model change is unknown, so
/// the gate checks CloudKit; files the reader does not read are not compared.
@Suite(.waitsOnProcesses) struct ReaderFileSetTests {
    static let note = "import SwiftData\n\n@Model\nfinal class Note {\n    var text: String = \"\"\n    init() {}\n}\n"

    /// App/Models at v1.0, HEAD one commit past the tag, and the configuration's model paths.
    func repository(modelPaths: [String] = ["App/Models"]) throws -> FixtureRepository {
        try PersistedModelComparisonTests().repository(modelPaths: modelPaths)
    }

    func analyse(_ repo: FixtureRepository) throws -> ChangeReport {
        let configuration = try ResolvedConfiguration.load(workingDirectory: repo.path, environment: [:])
        return try ChangeAnalysis.run(workingDirectory: repo.path, environment: baseEnvironment(), since: nil, configuration: configuration)
    }

    func unversioned(_ report: ChangeReport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: report.files.filter { $0.change == .unversioned }.map { ($0.path, $0.reasons.joined()) })
    }

    @Test func anIgnoredModelFileMakesTheModelChangeUnknown() throws {
        let repo = try repository()
        repo.write(".gitignore", "App/Models/Generated/\n")
        try repo.commit("ignore generated")
        repo.write("App/Models/Generated/Note.swift", Self.note)
        let report = try analyse(repo)
        #expect(unversioned(report)["App/Models/Generated/Note.swift"]?.contains("not tracked by git") == true, "\(report.files)")
        #expect(report.isModelTouching)
        guard case .unknown(let reason)? = report.modelChange else { Issue.record("\(String(describing: report.modelChange))"); return }
        #expect(reason.hasPrefix("App/Models/Generated/Note.swift is not tracked by git"))
    }

    /// An ignored file the reader takes nothing from (no model, registration, enum or
    /// typealias) cannot change the models: it is not listed.
    @Test func anIgnoredFileWithNothingModelLikeIsNotListed() throws {
        let repo = try repository()
        repo.write(".gitignore", "App/Models/Generated/\n")
        try repo.commit("ignore generated")
        repo.write("App/Models/Generated/Strings.swift", "let greeting = \"hello\"\n")
        let report = try analyse(repo)
        #expect(unversioned(report).isEmpty, "\(report.files)")
        #expect(!report.isModelTouching)
    }

    @Test func aFileInsideASubmoduleIsNotFollowedAndSaysSo() throws {
        let models = try FixtureRepository("models")
        models.write("Note.swift", Self.note)
        try models.commit("models")
        let repo = try repository()
        try repo.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", models.path, "App/Models/Shared"])
        try repo.commit("a submodule of models")
        let report = try analyse(repo)
        #expect(unversioned(report)["App/Models/Shared/Note.swift"] == "inside git submodule App/Models/Shared, whose history change detection does not follow")
        guard case .unknown? = report.modelChange else { Issue.record("\(String(describing: report.modelChange))"); return }
    }

    @Test func aModelPathOutsideTheRepositoryHasNoHistory() throws {
        let outside = TemporaryDirectory("outside-models")
        outside.write("Note.swift", Self.note)
        let repo = try repository(modelPaths: ["App/Models", outside.path])
        let report = try analyse(repo)
        #expect(unversioned(report)[outside.file("Note.swift")] == "outside the git repository, so it has no history there", "\(report.files)")
        guard case .unknown? = report.modelChange else { Issue.record("\(String(describing: report.modelChange))"); return }
    }

    @Test func aFolderReachedThroughASymbolicLinkHasNoHistory() throws {
        let elsewhere = TemporaryDirectory("linked-models")
        elsewhere.write("Note.swift", Self.note)
        let repo = try repository()
        try FileManager.default.createSymbolicLink(atPath: repo.directory.file("App/Models/Linked"), withDestinationPath: elsewhere.path)
        try repo.commit("a link to more models")
        let report = try analyse(repo)
        #expect(unversioned(report)["App/Models/Linked/Note.swift"]?.contains("reached through a symbolic link") == true, "\(report.files)")
    }

    /// The reader never walks into `.build`, `Pods`, `DerivedData`: nor does the comparison.
    @Test func wouldReadFollowsTheReadersWalk() {
        let set = ReaderFileSet(roots: ["App/Models"])
        #expect(set.wouldRead("App/Models/Item.swift"))
        #expect(set.wouldRead("App/Models/Old.xcdatamodeld/Old.xcdatamodel/contents"))
        #expect(!set.wouldRead("App/Models/Pods/Lib/Item.swift"))
        #expect(!set.wouldRead("App/Models/.build/checkouts/Item.swift"))
        #expect(!set.wouldRead("App/Views/ItemView.swift"))
        #expect(!set.wouldRead("App/Models/README.md"))
        #expect(ReaderFileSet(roots: [""]).wouldRead("Anywhere/Item.swift"))
        #expect(ReaderFileSet(roots: ["App/Models/Item.swift"]).wouldRead("App/Models/Item.swift"))
    }
}
