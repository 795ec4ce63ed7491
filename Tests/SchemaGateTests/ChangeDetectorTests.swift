import Foundation
import Testing
import TestSupport
@testable import SchemaGate

/// Change detection against real git repositories built in temporary directories.
@Suite(.waitsOnProcesses) struct ChangeDetectorTests {
    static let item = """
    import SwiftData

    @Model
    final class Item {
        var name: String = ""
        init() {}
    }

    """

    /// A repository with a model, a view and one commit.
    func repository() throws -> FixtureRepository {
        let repo = try FixtureRepository()
        repo.write("App/Models/Item.swift", Self.item)
        repo.write("App/Views/ItemView.swift", "struct ItemView {}\n")
        repo.write("README.md", "app\n")
        try repo.commit("initial")
        return repo
    }

    func detect(_ repo: FixtureRepository, since: String? = nil, pattern: String? = nil, modelPaths: [String] = []) throws -> ChangeReport {
        try ChangeDetector(
            workingDirectory: repo.path, environment: baseEnvironment(), since: since, tagPattern: pattern,
            modelPaths: modelPaths.map { repo.directory.file($0) }).detect().report
    }

    func file(_ report: ChangeReport, _ path: String) -> ChangedFile? {
        report.files.first { $0.path == path }
    }

    @Test func withoutTagsEverythingIsModelTouchingAndSaysSo() throws {
        let repo = try repository()
        let report = try detect(repo)
        #expect(report.base == .none(reason: "no tag is reachable from HEAD, so there is no previous release to compare with"))
        #expect(report.isModelTouching)
        #expect(report.summary.hasPrefix("no tag is reachable from HEAD"))
        #expect(report.summary.hasSuffix("treating the release as model-touching"))
    }

    @Test func aLightweightTagIsTheBase() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        repo.write("README.md", "two\n")
        try repo.commit("docs")
        let report = try detect(repo)
        #expect(report.base == .tag(name: "v1.0", commit: head))
        #expect(report.files.map(\.path) == ["README.md"])
        #expect(!report.isModelTouching)
        #expect(report.summary == "no model-touching change since v1.0 (1 changed file)")
    }

    @Test func anAnnotatedTagResolvesToItsCommit() throws {
        let repo = try repository()
        try repo.tag("v1.0", annotated: true)
        let head = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        repo.write("App/Views/ItemView.swift", "struct ItemView { var body = 1 }\n")
        try repo.commit("ui")
        let report = try detect(repo)
        #expect(report.base == .tag(name: "v1.0", commit: head))
        #expect(report.files.map(\.path) == ["App/Views/ItemView.swift"])
        #expect(!report.isModelTouching)
    }

    @Test func theNearestReachableTagWinsAndUnreachableTagsAreIgnored() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("README.md", "two\n")
        try repo.commit("two")
        try repo.tag("v1.1", annotated: true)
        try repo.git(["checkout", "-q", "-b", "experiment"])
        repo.write("README.md", "experiment\n")
        try repo.commit("experiment")
        try repo.tag("v9.9")
        try repo.git(["checkout", "-q", "main"])
        repo.write("README.md", "three\n")
        try repo.commit("three")
        #expect(try detect(repo).base.name == "v1.1")
    }

    @Test func theTagPatternSkipsOtherTags() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("App/Models/Item.swift", Self.item + "// note\n")
        try repo.commit("model")
        try repo.tag("build-42")
        repo.write("README.md", "after the build\n")
        try repo.commit("docs")
        // Without a pattern every tag is a release, and these are two families: the
        // release before this one could be a build tag, so the detector refuses to guess.
        #expect(throws: GitError.mixedTagFamilies(pattern: nil, families: ReleaseTagFamily.families(["v1.0", "build-42"]))) {
            try detect(repo)
        }
        let report = try detect(repo, pattern: "v*")
        #expect(report.base.name == "v1.0")
        #expect(report.modelFiles.map(\.path) == ["App/Models/Item.swift"])
        // A pattern nothing matches means no base.
        #expect(try detect(repo, pattern: "release-*").base == .none(reason: "no tag matching 'release-*' is reachable from HEAD, so there is no previous release to compare with"))
    }

    @Test func committedModelEditsAreModelTouching() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("App/Models/Item.swift", Self.item.replacingOccurrences(of: "init() {}", with: "var notes: String?\n    init() {}"))
        try repo.commit("notes")
        let report = try detect(repo)
        let item = try #require(file(report, "App/Models/Item.swift"))
        #expect(item.change == .modified)
        #expect(item.reasons == ["declares @Model"])
        #expect(!item.uncommitted)
        #expect(report.isModelTouching)
        #expect(report.summary.hasPrefix("1 model-touching file since v1.0"))
    }

    @Test func renamesKeepTheirOldPath() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        try repo.git(["mv", "App/Models/Item.swift", "App/Models/StockItem.swift"])
        try repo.commit("rename")
        let report = try detect(repo)
        let renamed = try #require(file(report, "App/Models/StockItem.swift"))
        #expect(renamed.change == .renamed)
        #expect(renamed.previousPath == "App/Models/Item.swift")
        #expect(renamed.reasons == ["declares @Model"])
    }

    @Test func aDeletedModelFileCountsBecauseItDeclaredAModel() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        try repo.remove("App/Models/Item.swift")
        try repo.commit("remove model")
        let report = try detect(repo)
        let deleted = try #require(file(report, "App/Models/Item.swift"))
        #expect(deleted.change == .deleted)
        #expect(deleted.reasons == ["declared @Model at v1.0"])
        #expect(report.isModelTouching)
    }

    @Test func uncommittedAndUntrackedChangesCount() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("README.md", "after the release\n")
        try repo.commit("docs")
        repo.write("App/Models/Item.swift", Self.item + "// edited, not committed\n")
        repo.write("App/Models/Tag.swift", "import SwiftData\n@Model final class Tag { var name = \"\"; init() {} }\n")
        repo.write("App/Views/New.swift", "struct New {}\n")
        try repo.git(["add", "App/Views/New.swift"])
        let report = try detect(repo)
        #expect(file(report, "App/Models/Item.swift")?.uncommitted == true)
        #expect(file(report, "App/Models/Item.swift")?.change == .modified)
        #expect(file(report, "App/Models/Tag.swift")?.change == .untracked)
        #expect(file(report, "App/Models/Tag.swift")?.reasons == ["declares @Model"])
        #expect(file(report, "App/Views/New.swift")?.change == .added)
        #expect(file(report, "App/Views/New.swift")?.uncommitted == true)
        #expect(file(report, "App/Views/New.swift")?.isModelTouching == false)
        #expect(report.modelFiles.count == 2)
    }

    @Test func coreDataRegistrationAndConfiguredPathsCount() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("App/Store.xcdatamodeld/Store.xcdatamodel/contents", "<model/>\n")
        repo.write("App/Persistence.swift", "import SwiftData\nlet container = try ModelContainer(for: Item.self)\n")
        repo.write("App/Schema/Notes.md", "notes\n")
        repo.write("App/Views/ItemView.swift", "struct ItemView { }\n")
        try repo.commit("more")
        let report = try detect(repo, modelPaths: ["App/Schema"])
        #expect(file(report, "App/Store.xcdatamodeld/Store.xcdatamodel/contents")?.reasons == ["Core Data model"])
        #expect(file(report, "App/Persistence.swift")?.reasons == ["registers the model schema"])
        #expect(file(report, "App/Schema/Notes.md")?.reasons == ["under model path App/Schema"])
        #expect(file(report, "App/Views/ItemView.swift")?.isModelTouching == false)
    }

    @Test func sinceMeasuresFromAnyRevision() throws {
        let repo = try repository()
        let first = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.tag("v1.0")
        repo.write("App/Models/Item.swift", Self.item + "// x\n")
        try repo.commit("model")
        try repo.tag("v1.1")
        repo.write("README.md", "after 1.1\n")
        try repo.commit("docs")
        #expect(try detect(repo).modelFiles.isEmpty)
        let report = try detect(repo, since: "v1.0")
        #expect(report.base == .revision(name: "v1.0", commit: first))
        #expect(report.modelFiles.map(\.path) == ["App/Models/Item.swift"])
        #expect(throws: GitError.unknownRevision("no-such-ref", shallow: false)) { try detect(repo, since: "no-such-ref") }
        #expect(throws: GitError.unknownRevision("--output=x", shallow: false)) { try detect(repo, since: "--output=x") }
    }

    /// More changed files than one `cat-file` batch holds: the old contents still go to
    /// the right files (a model dropped from a file in the second batch is found).
    @Test func oldContentsOfAThousandAndMoreChangedFilesReachTheirFiles() throws {
        let repo = try FixtureRepository()
        let count = 1_100
        for index in 0..<count {
            let isModel = index == 1_050
            repo.write("App/File\(String(format: "%04d", index)).swift",
                       isModel ? "import SwiftData\n@Model final class Late { var a = 0; init() {} }\n" : "struct View\(index) {}\n")
        }
        try repo.commit("base")
        try repo.tag("v1.0")
        for index in 0..<count { repo.write("App/File\(String(format: "%04d", index)).swift", "struct Edited\(index) {}\n") }
        try repo.commit("edit every file")
        let report = try detect(repo)
        #expect(report.files.count == count)
        #expect(report.modelFiles.map(\.path) == ["App/File1050.swift"])
        #expect(file(report, "App/File1050.swift")?.reasons == ["declared @Model at v1.0"])
    }

    @Test func aShallowCloneWithoutTheTagIsASetupError() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("App/Models/Item.swift", Self.item + "// later\n")
        try repo.commit("later")
        let clones = TemporaryDirectory("clone")
        try git(["clone", "-q", "--depth", "1", "file://\(repo.path)", clones.file("shallow")], in: clones.path)
        let shallow = clones.file("shallow")
        #expect {
            try ChangeDetector(workingDirectory: shallow, environment: baseEnvironment()).detect()
        } throws: { error in
            guard let error = error as? GitError, case .shallowWithoutTags = error else { return false }
            return error.message.contains("git fetch --tags --unshallow")
        }
        #expect(throws: GitError.unknownRevision("v1.0", shallow: true)) {
            try ChangeDetector(workingDirectory: shallow, environment: baseEnvironment(), since: "v1.0").detect()
        }
    }

    @Test func aShallowCloneWhoseTagIsPresentWorks() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("README.md", "later\n")
        try repo.commit("later")
        let clones = TemporaryDirectory("clone")
        try git(["clone", "-q", "--depth", "2", "file://\(repo.path)", clones.file("shallow")], in: clones.path)
        let report = try ChangeDetector(workingDirectory: clones.file("shallow"), environment: baseEnvironment()).detect().report
        #expect(report.shallow)
        #expect(report.base.name == "v1.0")
    }

    @Test func outsideARepositoryIsASetupError() throws {
        let directory = TemporaryDirectory("not-a-repo")
        #expect(throws: GitError.notARepository(directory.path)) {
            try ChangeDetector(workingDirectory: directory.path, environment: baseEnvironment()).detect()
        }
    }

    @Test func aRepositoryWithoutCommitsHasNoBase() throws {
        let repo = try FixtureRepository()
        repo.write("App/Models/Item.swift", Self.item)
        let report = try detect(repo)
        #expect(report.base == .none(reason: "the repository has no commits yet"))
        #expect(report.isModelTouching)
    }

    @Test func gitMissingFromPathIsASetupError() throws {
        let repo = try repository()
        #expect(throws: GitError.gitNotFound) {
            try ChangeDetector(workingDirectory: repo.path, environment: ["PATH": "/nonexistent"]).detect()
        }
    }

    @Test func pathsWithSpacesAndUnicodeSurvive() throws {
        let repo = try repository()
        try repo.tag("v1.0")
        repo.write("App/Models/Ünïcode Model.swift", Self.item.replacingOccurrences(of: "Item", with: "Other"))
        try repo.commit("unicode")
        try repo.git(["mv", "App/Models/Ünïcode Model.swift", "App/Models/Renamed Model.swift"])
        repo.write("App/Models/Renamed Model.swift", Self.item.replacingOccurrences(of: "Item", with: "Other") + "// edit\n")
        let report = try detect(repo)
        #expect(report.modelFiles.map(\.path) == ["App/Models/Renamed Model.swift"])
        #expect(report.modelFiles.first?.change == .added)
    }
}

/// A release tag on HEAD is the release being made: the base is the release before it.
@Suite(.waitsOnProcesses) struct ReleaseTagOnHeadTests {
    @Test func aTagOnHeadMeasuresFromThePreviousRelease() throws {
        let repo = try ChangeDetectorTests().repository()
        try repo.tag("v1.0")
        let previous = try repo.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        repo.write("App/Models/Item.swift", ChangeDetectorTests.item.replacingOccurrences(of: "    init() {}", with: "    var notes: String?\n    init() {}"))
        try repo.commit("add notes")
        try repo.tag("v1.1", annotated: true)
        let report = try ChangeDetectorTests().detect(repo, pattern: "v*")
        #expect(report.base == .tag(name: "v1.0", commit: previous))
        #expect(report.isModelTouching)
        #expect(report.modelFiles.map(\.path) == ["App/Models/Item.swift"])
    }

    @Test func theFirstReleaseTaggedOnHeadHasNoBase() throws {
        let repo = try ChangeDetectorTests().repository()
        try repo.tag("v1.0")
        let report = try ChangeDetectorTests().detect(repo)
        guard case .none(let reason) = report.base else {
            Issue.record("expected no base, got \(report.base)")
            return
        }
        #expect(reason.contains("v1.0 points at HEAD (the release being made)"))
        #expect(report.isModelTouching)
    }

    /// CI checking out a release tag with depth 1 cannot see the release before it.
    @Test func aShallowCloneOfATaggedReleaseIsASetupError() throws {
        let repo = try ChangeDetectorTests().repository()
        try repo.tag("v1.0")
        repo.write("README.md", "later\n")
        try repo.commit("later")
        try repo.tag("v1.1")
        let clones = TemporaryDirectory("clone")
        try git(["clone", "-q", "--depth", "1", "file://\(repo.path)", clones.file("shallow")], in: clones.path)
        #expect {
            try ChangeDetector(workingDirectory: clones.file("shallow"), environment: baseEnvironment()).detect()
        } throws: { error in
            guard let error = error as? GitError, case .shallowWithoutTags = error else { return false }
            return error.message.contains("git fetch --tags --unshallow")
        }
    }
}

/// `git diff --raw -z --no-abbrev` fields: the header, then one path or (renames and
/// copies) the old and the new one; each file keeps its blob id at the base.
@Suite(.waitsOnProcesses) struct RawDiffParsingTests {
    static let old = String(repeating: "a", count: 40), new = String(repeating: "b", count: 40)
    static let zero = String(repeating: "0", count: 40)

    @Test func everyStatusAndItsBaseObject() {
        let fields = [
            ":100644 100644 \(Self.old) \(Self.zero) M", "App/Item.swift",
            ":000000 100644 \(Self.zero) \(Self.new) A", "App/New.swift",
            ":100644 000000 \(Self.old) \(Self.zero) D", "App/Gone.swift",
            ":100644 100644 \(Self.old) \(Self.new) R087", "App/Old name.swift", "App/New name.swift",
            ":100644 100644 \(Self.old) \(Self.new) C100", "App/A.swift", "App/B.swift",
            ":100644 120000 \(Self.old) \(Self.new) T", "App/Link.swift",
        ]
        let parsed = ChangedFile.parseRaw(fields)
        #expect(parsed.map(\.file) == [
            ChangedFile(path: "App/Item.swift", change: .modified),
            ChangedFile(path: "App/New.swift", change: .added),
            ChangedFile(path: "App/Gone.swift", change: .deleted),
            ChangedFile(path: "App/New name.swift", previousPath: "App/Old name.swift", change: .renamed),
            ChangedFile(path: "App/B.swift", previousPath: "App/A.swift", change: .copied),
            ChangedFile(path: "App/Link.swift", change: .typeChanged),
        ])
        #expect(parsed.map(\.baseObject) == [Self.old, nil, Self.old, Self.old, Self.old, Self.old])
    }

    @Test func sha256IdsAndTruncatedOutputAreHandled() {
        let long = String(repeating: "c", count: 64)
        #expect(ChangedFile.parseRaw([":100644 100644 \(long) \(long) M", "x.swift"]).map(\.baseObject) == [long])
        // Cut short after a header, or a header that is not one: nothing is invented.
        #expect(ChangedFile.parseRaw([":100644 100644 \(Self.old) \(Self.new) R100", "only-old.swift"]).isEmpty)
        #expect(ChangedFile.parseRaw(["M", "x.swift"]).isEmpty)
        #expect(ChangedFile.parseRaw([]).isEmpty)
    }
}

/// git output the runner had to cut (past its capture limit) is an error, never a list
/// that silently misses its first entries.
@Suite(.waitsOnProcesses) struct GitOutputLimitTests {
    func result(status: Int32 = 0, truncated: Bool) -> SchemaGate.ProcessResult {
        SchemaGate.ProcessResult(status: status, signal: nil, timedOut: false, standardOutput: Data("a\0b\0".utf8),
                      standardError: Data(), truncated: truncated, duration: 0)
    }

    @Test func cutOutputIsAnErrorNamingTheCommand() throws {
        #expect(try GitRepository.succeeded(["ls-files"], result(truncated: false)).stdout == "a\0b\0")
        #expect { try GitRepository.succeeded(["ls-files", "-z"], result(truncated: true)) } throws: { error in
            (error as? GitError)?.message.contains("git ls-files -z failed") == true
                && (error as? GitError)?.message.contains("larger than the 64 MB") == true
        }
        #expect(throws: GitError.self) { try GitRepository.succeeded(["diff"], result(status: 1, truncated: false)) }
    }
}
