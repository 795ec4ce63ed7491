import Foundation
import TestSupport
import Testing

/// The release rule (Docs/releasing.md): CHANGELOG.md's newest release, its tag and the
/// version the binary prints are one version.
@Suite(.waitsOnProcesses) struct ReleaseRuleTests {
    static var changelog: String { get throws { try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8) } }

    @Test func theBinaryPrintsChangelogsNewestRelease() throws {
        let expected = try ReleaseRule.binaryVersion(changelog: Self.changelog)
        let printed = try runProcess(cloudkitSchemaBinary, ["--version"])
        #expect(printed.status == 0)
        #expect(printed.stdout == expected + "\n", """
            cloudkit-schema --version printed \(printed.stdout.debugDescription), CHANGELOG.md says \(expected): \
            set ToolIdentity.version to CHANGELOG.md's newest release (Docs/releasing.md)
            """)
    }

    @Test func changelogHeadingsAreReadStrictly() throws {
        let intro = "# Changelog\n\nText.\n\n"
        func versions(_ sections: String) throws -> [String] {
            try ReleaseRule.releasedVersions(inChangelog: intro + sections).map(\.description)
        }
        #expect(try versions("## [Unreleased]\n\n### Added\n- x\n").isEmpty)
        #expect(try versions("## [Unreleased]\n\n## [0.2.0] - 2026-01-31\n### Fixed\n- y\n\n## [0.1.0] - 2025-12-01\n") == ["0.2.0", "0.1.0"])
        #expect(try ReleaseRule.binaryVersion(changelog: intro + "## [Unreleased]\n") == ReleaseRule.versionBeforeTheFirstRelease)
        for broken in [
            "## [0.1.0] - 2025-12-01\n",                                     // no Unreleased section first
            "## [Unreleased]\n## 0.1.0 - 2025-12-01\n",                      // no brackets
            "## [Unreleased]\n## [0.1.0]\n",                                 // no date
            "## [Unreleased]\n## [v0.1.0] - 2025-12-01\n",                   // not X.Y.Z
            "## [Unreleased]\n## [0.1] - 2025-12-01\n",
            "## [Unreleased]\n## [0.01.0] - 2025-12-01\n",
            "## [Unreleased]\n## [0.1.0] - 2025-12-01\n## [0.2.0] - 2026-01-31\n", // oldest first
            "## [Unreleased]\n## [0.1.0] - 2025-12-01\n## [0.1.0] - 2025-12-01\n", // twice
            "## [Unreleased]\n## [Unreleased]\n",
        ] {
            #expect(throws: ReleaseRule.Violation.self, "\(broken)") { try versions(broken) }
        }
    }

    static let hasVersionTags = ((try? ReleaseRule.readGit(["tag", "--list"], in: packageRoot)) ?? "")
        .split(separator: "\n").contains { ReleaseRule.isVersionTag(String($0)) }

    /// Needs the tags: CI's checkout fetches the history with them; a shallow clone (the
    /// default of actions/checkout) and a repository before its first release have none.
    @Test(.enabled(if: hasVersionTags, "this checkout has no version tags (none released yet, a clone without tags, or no git repository)"))
    func everyVersionTagIsTheReleaseAtItsCommit() throws {
        #expect(try ReleaseRule.tagViolations(in: packageRoot) == [])
        let atHead = try ReleaseRule.readGit(["tag", "--points-at", "HEAD"], in: packageRoot).split(separator: "\n").map(String.init)
        let printed = try runProcess(cloudkitSchemaBinary, ["--version"]).stdout
        for tag in atHead where ReleaseRule.isVersionTag(tag) {
            #expect(printed == tag + "\n", "HEAD is tagged \(tag), the binary prints \(printed)")
        }
    }

    /// The same check on a repository made for it, one tag per way to break the rule.
    @Test func tagViolationsNameEachWrongTag() throws {
        let repository = TemporaryDirectory("tags")
        try git(["init", "-q"], in: repository.path)
        func release(_ heading: String, tags: [String]) throws {
            repository.write("CHANGELOG.md", "# Changelog\n\n## [Unreleased]\n\n" + heading)
            try git(["add", "-A"], in: repository.path)
            try git(["commit", "-q", "-m", heading.isEmpty ? "none" : heading], in: repository.path)
            for tag in tags { try git(["tag", tag], in: repository.path) }
        }
        try release("", tags: ["0.0.9", "nightly"])
        try release("## [0.1.0] - 2025-12-01\n", tags: ["0.1.0", "v0.1.0"])
        try release("## [0.2.0] - 2026-01-31\n\n## [0.1.0] - 2025-12-01\n", tags: ["0.3.0", "0.2"])
        #expect(try ReleaseRule.tagViolations(in: repository.path).sorted() == [
            "tag 0.0.9: CHANGELOG.md at its commit names no release as the newest release",
            "tag 0.2: SwiftPM reads it as a version, but a release tag is X.Y.Z exactly (no `v`, three numbers)",
            "tag 0.3.0: CHANGELOG.md at its commit names 0.2.0 as the newest release",
            "tag v0.1.0: SwiftPM reads it as a version, but a release tag is X.Y.Z exactly (no `v`, three numbers)",
        ])
    }
}

/// The dependency lines of README and Docs/ (the build-tool plugin's is in
/// Docs/plugins-and-hooks.md), resolved by SwiftPM against this repository as published
/// (`PublishedRepository`): a line that does not resolve today must not be shown.
@Suite(.serialized, .waitsOnProcesses) struct DependencyLineTests {
    /// How README names this repository (README "Install": `<owner>`).
    static let documentedURLs = ["https://github.com/<owner>/CloudKitSchemaGate.git", "https://github.com/<owner>/CloudKitSchemaGate"]

    /// README.md and every Markdown file under Docs/, where a user copies lines from.
    static func documentationFiles() throws -> [String] {
        let docs = try FileManager.default.subpathsOfDirectory(atPath: packageRoot + "/Docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return ["README.md"] + docs
    }

    /// Each requirement the documentation writes in a `.package(url: …)` naming this
    /// repository (`.package(url: …)` itself, with the ellipsis, names the form in prose).
    static func documentedRequirements() throws -> [String] {
        var requirements: Set<String> = []
        for file in try documentationFiles() {
            let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
            let lines = text.matches(of: #/\.package\(url: "(?<url>[^"]*)", (?<requirement>[^)\n]*)\)/#)
            let written = text.components(separatedBy: ".package(url:").count - text.components(separatedBy: ".package(url: …)").count
            #expect(lines.count == written, "a `.package(url:` line of \(file) this test cannot read")
            for line in lines { #expect(documentedURLs.contains(String(line.url)), "\(file) names the package as \(line.url)") }
            requirements.formUnion(lines.map { String($0.requirement) })
        }
        return requirements.sorted()
    }

    @Test func everyDependencyLineInReadmeResolves() throws {
        let requirements = try Self.documentedRequirements()
        #expect(!requirements.isEmpty)
        let published = try PublishedRepository()
        for requirement in requirements {
            let (result, pins) = try published.resolve(requirement: requirement)
            #expect(result.status == 0, "the documentation's `\(requirement)` does not resolve: \(result.stderr)")
            #expect(pins.count == 1 && pins.first?["identity"] as? String == "cloudkitschemagate", "\(pins)")
        }
    }

    /// What the tag changes: before it, SwiftPM finds no version (the error a `from:` line
    /// gave while no version was tagged); after it, the same line resolves to the release.
    @Test func aVersionRequirementResolvesOnceTheReleaseIsTagged() throws {
        let published = try PublishedRepository()
        let newest = try ReleaseRule.releasedVersions(inChangelog: ReleaseRuleTests.changelog).first
        let next = SemanticVersion(major: newest?.major ?? 0, minor: (newest?.minor ?? 0) + 1, patch: 0)
        let requirement = "from: \"\(next)\""

        let before = try published.resolve(requirement: requirement)
        #expect(before.result.status != 0)
        #expect(before.result.stderr.contains(
            "no versions of 'cloudkitschemagate' match the requirement \(next)..<\(next.major + 1).0.0"), "\(before.result.stderr)")

        try published.tag(next)
        let after = try published.resolve(requirement: requirement)
        #expect(after.result.status == 0, "\(after.result.stderr)")
        let state = after.pins.first?["state"] as? [String: Any]
        #expect(state?["version"] as? String == next.description, "\(after.pins)")
    }
}
