import Foundation
import SchemaGate
import Testing
import TestSupport

/// One reading of release tags (Docs/release-tags.md): the tool matches a pattern exactly as
/// git's own `--match` does, and refuses a pattern some reader would apply differently.
@Suite(.waitsOnProcesses) struct ReleaseTagPatternTests {
    @Test(arguments: [
        ("", "is empty"),
        ("refs/tags/v*", "use 'v*'"),
        (" v*", "use 'v*'"),
        ("v*\n", "white space"),
        ("-v*", "read as an option"),
        ("v[0-9]*", "only * and ? are supported"),
        ("v\\1*", "only * and ? are supported"),
        ("v~1", "never allows"),
    ])
    func aPatternNoReaderAppliesExactlyIsRefused(pattern: String, says: String) {
        #expect(throws: ReleaseTagPatternError.self) { try ReleaseTagPattern(pattern) }
        do {
            _ = try ReleaseTagPattern(pattern)
        } catch {
            #expect(error.message.contains(says), "\(error.message)")
        }
    }

    /// Seeded patterns of `*`, `?` and tag characters against tags with prefixes, slashes and
    /// non-ASCII text: the tool's answer is `git tag --list`'s (the glob `describe --match`
    /// applies, without refs/tags/), byte by byte.
    @Test func matchesAsGitsOwnListDoes() throws {
        let repo = try FixtureRepository("tag-glob")
        repo.write("README.md", "x\n")
        try repo.commit("one")
        let tags = ["v1.0", "v1.0.1", "v10", "V2", "ios/v1.0", "ios/v1.1-rc1", "android/v3.0", "1.0", "release-2024.1",
                    "vé1", "v2.0/hotfix", "x", "ios/beta", "v"]
        for tag in tags { try repo.tag(tag) }
        var random = SeededGenerator(seed: 26)
        let pieces = ["v", "1", ".", "0", "/", "ios", "*", "*", "?", "é", "-", "rc", "V", "android"]
        var patterns = ["v*", "*", "ios/v*", "*/v*", "v?.?", "?*", "*1*", "v", "*.*.*"]
        for _ in 0..<120 {
            let count = Int.random(in: 1...4, using: &random)
            patterns.append((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for text in patterns {
            guard let pattern = try? ReleaseTagPattern(text) else { continue }
            let git = Set(try repo.git(["tag", "--list", text]).split(separator: "\n").map(String.init))
            let ours = Set(tags.filter(pattern.matches))
            #expect(ours == git, "pattern \(text)")
        }
    }

    @Test func tagsGroupIntoFamiliesByWhatPrecedesTheVersion() {
        let families = ReleaseTagFamily.families(["ios/v1.0", "ios/v1.1", "android/v3.0", "v2", "beta", "1.0"])
        #expect(families.map(\.prefix) == ["ios/v", "", "android/v", "v"])
        #expect(families.map(\.pattern) == ["ios/v*", nil, "android/v*", "v*"])
        #expect(families[0].shown == "ios/v* (2 tags, e.g. ios/v1.1)")
        #expect(ReleaseTagFamily.families(["v1.0", "v1.1", "v2.0-rc1"]).count == 1)
        #expect(ReleaseTagFamily.families(["beta", "latest"]).isEmpty)
    }
}
