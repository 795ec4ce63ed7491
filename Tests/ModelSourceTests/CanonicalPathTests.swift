import Foundation
import Testing
import TestSupport
import ModelSource
@testable import SchemaGateBasics

/// The one canonicalisation of paths (Docs/guarantees.md: paths under /tmp and /var).
@Suite struct CanonicalPathTests {
    @Test func keepsThePrivatePrefixFoundationDrops() throws {
        let root = try SymlinkedRoot()
        let repo = try root.directory("repo/App")
        // What broke: Foundation's spelling of the link is not the one git prints.
        #expect(URL(fileURLWithPath: root.realPath + "/repo").standardizedFileURL.path == root.path + "/repo")
        #expect(CanonicalPath(repo).path == root.realPath + "/repo/App")
        #expect(CanonicalPath(root.realPath + "/repo/App").path == root.realPath + "/repo/App")
        #expect(CanonicalPath(root.realPath + "/repo").contains(CanonicalPath(repo)))
        #expect(CanonicalPath(root.path + "/repo").relativePath(of: CanonicalPath(root.realPath + "/repo/App/Item.swift")) == "App/Item.swift")
    }

    @Test func resolvesLinksDotsAndPathsThatDoNotExistYet() throws {
        let scratch = TemporaryDirectory("canonical")
        let real = scratch.path + "/real"
        try FileManager.default.createDirectory(atPath: real + "/Models", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: real)
        #expect(CanonicalPath(scratch.path + "/link/Models").path == real + "/Models")
        #expect(CanonicalPath(scratch.path + "/link/./Models/").path == real + "/Models")
        // `..` after a link leaves the link's target, as the file system does.
        #expect(CanonicalPath(scratch.path + "/link/Models/..").path == real)
        #expect(CanonicalPath(scratch.path + "/link/missing/Item.swift").path == real + "/missing/Item.swift")
        #expect(CanonicalPath(scratch.path + "/link/missing/../Models").path == real + "/Models")
        #expect(CanonicalPath("Models", relativeTo: scratch.path + "/link").path == real + "/Models")
        #expect(CanonicalPath("/").path == "/")
    }

    @Test func containsComparesWholeComponents() {
        let app = CanonicalPath("/nonexistent-root/App")
        #expect(app.contains(CanonicalPath("/nonexistent-root/App")))
        #expect(app.contains(CanonicalPath("/nonexistent-root/App/Models/Item.swift")))
        #expect(!app.contains(CanonicalPath("/nonexistent-root/AppKit/Item.swift")))
        #expect(!app.contains(CanonicalPath("/nonexistent-root")))
        #expect(app.relativePath(of: app) == "")
        #expect(app.relativePath(of: CanonicalPath("/nonexistent-root/Other")) == nil)
        #expect(CanonicalPath.isPrefix("App/Models", of: "App/Models/Item.swift"))
        #expect(!CanonicalPath.isPrefix("App/Models", of: "App/ModelsOld/Item.swift"))
        #expect(CanonicalPath.isPrefix("", of: "Item.swift"))
    }

    @Test func userPathsKeepTheirSpellingAndShowRelativeToTheDirectory() throws {
        let root = try SymlinkedRoot()
        let repo = try root.directory("repo")
        try root.directory("repo/App/Models")
        let real = root.realPath + "/repo"
        #expect(UserPath.absolute("App/./Models/", in: repo) == repo + "/App/Models")
        #expect(UserPath.absolute(repo + "/App", in: "/elsewhere") == repo + "/App")
        #expect(UserPath.absolute("App/Models/..", in: repo) == real + "/App")
        // Relative whichever spelling each side has; as spelled when spelled under it.
        #expect(UserPath.display(repo + "/App/Models/Item.swift", from: real) == "App/Models/Item.swift")
        #expect(UserPath.display(real + "/App/Models/Item.swift", from: repo) == "App/Models/Item.swift")
        #expect(UserPath.display(repo, from: real) == ".")
        #expect(UserPath.display("/elsewhere/Item.swift", from: repo) == "/elsewhere/Item.swift")
        #expect(UserPath.relative(root.path + "/other", to: real) == nil)
        // Spelled under the directory but leaving it, or with `.` and empty components.
        #expect(UserPath.relative(repo + "/App/../Other", to: repo + "/App") == nil)
        #expect(UserPath.relative(repo + "/App//Models/./Item.swift", to: repo + "/App") == "Models/Item.swift")
        #expect(UserPath.relative(repo + "/App/...", to: repo + "/App") == "...")
    }
}
