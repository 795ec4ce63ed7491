import Foundation
import TestSupport

/// This repository as a package that depends on it by URL fetches it: a git repository
/// named `CloudKitSchemaGate` (so SwiftPM's identity is the published one,
/// `cloudkitschemagate`) whose `main` holds HEAD's tree, tagged as the release rule says the
/// published repository is: the tag of CHANGELOG.md's newest release, none before the first.
/// Uncommitted changes are not in it: commit before reading its verdicts.
final class PublishedRepository {
    private let directory = TemporaryDirectory("published")
    var path: String { directory.file("CloudKitSchemaGate") }
    var url: String { URL(fileURLWithPath: path).absoluteString }

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let copy = try runProcess("/bin/sh", ["-c", #"git -c safe.directory="$1" -C "$1" archive HEAD | tar -x -C "$2""#, "sh", packageRoot, path])
        guard copy.status == 0 else { throw ReleaseRule.Violation(description: "git archive HEAD: \(copy.stderr)") }
        try git(["init", "-q", "-b", "main"], in: path)
        try git(["add", "-A"], in: path)
        try git(["commit", "-q", "-m", "published"], in: path)
        let changelog = try String(contentsOfFile: path + "/CHANGELOG.md", encoding: .utf8)
        if let newest = try ReleaseRule.releasedVersions(inChangelog: changelog).first { try tag(newest) }
    }

    /// Tags HEAD as the rule tags a release (`git tag -a`, Docs/releasing.md).
    func tag(_ version: SemanticVersion) throws {
        let name = ReleaseRule.tag(of: version)
        try git(["tag", "-a", name, "-m", name], in: path)
    }

    /// `swift package resolve` in a fresh package whose one dependency is this repository
    /// with `requirement` (`from: "0.1.0"`, `branch: "main"`), written as a manifest writes
    /// it. Its own cache, so nothing fetched earlier answers for it.
    func resolve(requirement: String) throws -> (result: ProcessResult, pins: [[String: Any]]) {
        let consumer = TemporaryDirectory("consumer")
        consumer.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Tools",
                dependencies: [.package(url: "\(url)", \(requirement))],
                targets: []
            )
            """)
        let result = try runProcess(
            "swift", ["package", "--package-path", consumer.path, "--cache-path", consumer.file("cache"), "resolve"],
            environment: ["NO_COLOR": "1"])
        let resolved = consumer.read("Package.resolved").flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
        return (result, ((resolved as? [String: Any])?["pins"] as? [[String: Any]]) ?? [])
    }
}
