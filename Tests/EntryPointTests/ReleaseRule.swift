import Foundation
import TestSupport

/// The release rule of Docs/releasing.md, read from the repository's own files: a release is
/// a CHANGELOG.md section `## [X.Y.Z] - YYYY-MM-DD` under `## [Unreleased]`, tagged `X.Y.Z`
/// (exactly, no `v`) on the commit that made the section, and the binary built from that
/// commit prints `X.Y.Z`. Before the first release it prints `0.0.0`.
enum ReleaseRule {
    static let versionBeforeTheFirstRelease = "0.0.0"

    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    /// CHANGELOG.md's released versions, newest first. Every second-level heading must be
    /// `## [Unreleased]` (the first) or a release, newest first: a misspelled heading would
    /// otherwise drop its release from the rule without a word.
    static func releasedVersions(inChangelog text: String) throws(Violation) -> [SemanticVersion] {
        let headings = text.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
        guard headings.first == "## [Unreleased]" else {
            throw Violation(description: "CHANGELOG.md's first section must be `## [Unreleased]`, found \(headings.first ?? "none")")
        }
        var versions: [SemanticVersion] = []
        for heading in headings.dropFirst() {
            guard let version = releaseHeadingVersion(heading) else {
                throw Violation(description: "`\(heading)` is not a release heading (`## [X.Y.Z] - YYYY-MM-DD`)")
            }
            if let newer = versions.last, !(version < newer) {
                throw Violation(description: "`\(heading)` comes after \(newer): releases are listed newest first, once each")
            }
            versions.append(version)
        }
        return versions
    }

    /// What `cloudkit-schema --version` must print for this CHANGELOG.md.
    static func binaryVersion(changelog: String) throws(Violation) -> String {
        try releasedVersions(inChangelog: changelog).first?.description ?? versionBeforeTheFirstRelease
    }

    /// A release's tag.
    static func tag(of version: SemanticVersion) -> String { version.description }

    /// Whether SwiftPM reads `tag` as a version: an optional `v`, then one to three numbers
    /// with an optional pre-release or build suffix (Docs/releasing.md, "SwiftPM").
    static func isVersionTag(_ tag: String) -> Bool {
        tag.range(of: #"^v?[0-9]+(\.[0-9]+){0,2}([-+][0-9A-Za-z.+-]*)?$"#, options: .regularExpression) != nil
    }

    /// What breaks the rule among a repository's version tags: each must be spelled as the
    /// rule spells a release tag, and CHANGELOG.md at its commit must name it the newest release.
    static func tagViolations(in repository: String) throws -> [String] {
        let tags = try readGit(["tag", "--list"], in: repository).split(separator: "\n").map(String.init)
        return try tags.filter(isVersionTag).compactMap { tag in
            guard let version = SemanticVersion(tag) else {
                return "tag \(tag): SwiftPM reads it as a version, but a release tag is X.Y.Z exactly (no `v`, three numbers)"
            }
            let changelog = try readGit(["show", tag + ":CHANGELOG.md"], in: repository)
            let newest = try releasedVersions(inChangelog: changelog).first
            guard newest == version else {
                return "tag \(tag): CHANGELOG.md at its commit names \(newest.map { "\($0)" } ?? "no release") as the newest release"
            }
            return nil
        }
    }

    /// git reading `repository`, also when another user owns it (a CI container's checkout):
    /// `safe.directory` counts only on the command line or in the global configuration,
    /// which `git(_:in:)` leaves out.
    static func readGit(_ arguments: [String], in repository: String) throws -> String {
        try git(["-c", "safe.directory=" + repository] + arguments, in: repository)
    }

    private static func releaseHeadingVersion(_ heading: String) -> SemanticVersion? {
        guard let match = heading.range(of: #"^## \[[^\]]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression),
              match == heading.startIndex..<heading.endIndex,
              let open = heading.firstIndex(of: "["), let close = heading.firstIndex(of: "]")
        else { return nil }
        return SemanticVersion(String(heading[heading.index(after: open)..<close]))
    }
}

/// `MAJOR.MINOR.PATCH`, numbers without leading zeros (semver.org item 2), nothing else.
struct SemanticVersion: Comparable, CustomStringConvertible {
    let major: Int, minor: Int, patch: Int

    init(major: Int, minor: Int, patch: Int) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "0"..."9" ~= $0 } && ($0 == "0" || $0.first != "0") }),
              let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2])
        else { return nil }
        self.init(major: major, minor: minor, patch: patch)
    }

    var description: String { "\(major).\(minor).\(patch)" }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
