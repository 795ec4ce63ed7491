import Foundation
import ModelSource
import TestSupport
import Testing
@testable import SchemaGateBasics

/// One verdict from every entry point, in an Xcode app repository adopting the gate (README
/// "Adopting it in an app"): for each commit of its history (the adoption, a view, a model
/// touched, a property added, a new model, a rule violation) the command line, the plugin
/// verbs (`swift package --package-path Tools …`) and both hooks (a real `git commit`, a
/// real `git push` of a release tag to a bare remote) give the same status and the same
/// findings. The plugins' JSON is read with JSONSerialization, the hooks' text as a person
/// reads it.
///
/// Slow the first time in a checkout: the plugins build the tool in `Tools/.build`, which
/// later runs reuse (`XcodeAppRepository`).
@Suite(.serialized, .waitsOnProcesses, .enabled(if: ContractCommands.exist("gate", "lint", "check", "init", "install-hooks")))
struct XcodeAppAdoptionTests {
    static let network = ["--allow-network-connections", "all"]

    /// A status and the findings, each as `severity code path:line` with the path relative
    /// to the repository root, however the entry point spelled it.
    struct Verdict: Equatable, CustomStringConvertible {
        var status: String
        var findings: Set<String>
        var description: String { "\(status) \(findings.sorted())" }
    }

    @Test func everyEntryPointGivesTheSameVerdictOnEveryCommit() throws {
        let app = try XcodeAppRepository.shared.get()
        try app.reset()
        try app.writeApp()
        #expect(try app.commit("Wayfarer 1.0").status == 0)
        try app.git(["tag", "v1.0"])
        try app.deploy(models: "Wayfarer/Models")

        // Adoption: the tools package, init's configuration, the preview lint points at
        // fixed, the hooks installed by the tool the package built (which records Tools).
        try app.writeToolsPackage()
        let initialized = try app.run(cloudkitSchemaBinary, ["init"])
        #expect(initialized.status == 0, "\(initialized.output)")
        let stockLint = try app.run(cloudkitSchemaBinary, ["lint", "."])
        #expect(stockLint.stdout.contains("[test-configuration-syncs]"), "Xcode's stock preview syncs: \(stockLint.output)")
        try app.write("Wayfarer/Views/TripListView.swift", XcodeAppRepository.tripList(preview: XcodeAppRepository.safePreview))
        let built = try app.swiftPackage([], "lint-models", ["--help"])
        #expect(built.status == 0, "the plugins build the tool: \(built.output)")
        let install = try app.run(app.toolsBuild, ["install-hooks"])
        #expect(install.status == 0, "\(install.output)")
        #expect(try app.git(["config", "cloudkit-schema.package"]) == "Tools\n")
        try checkLint("adoption", app, try app.commit("Adopt the CloudKit schema gate"), expected: "pass")
        // The release tagged before the tool: the current configuration, said so.
        let old = try app.run("git", ["push", "-q", "origin", "v1.0"])
        #expect(old.output.contains("release tag v1.0 has no configuration of its own (it predates the tool)"), "\(old.output)")
        // v1.0 still has Xcode's stock in-memory preview: a warning in the gate (whether such a
        // store syncs is not documented), so the release passes.
        #expect(try Self.gateVerdict(fromHook: old, app) == Verdict(
            status: "pass", findings: ["warning test-configuration-syncs Wayfarer/Views/TripListView.swift:22"]), "\(old.output)")

        try app.write("Wayfarer/Views/AboutView.swift", XcodeAppRepository.about("Wayfarer, version 1.0.1"))
        try checkLint("view only", app, try app.commit("About screen says the version"), expected: "pass")
        try checkRelease("view only", app, tag: "v1.0.1", expected: "pass", findings: [])

        try app.write("Wayfarer/Models/Trip.swift", XcodeAppRepository.trip.replacingOccurrences(
            of: "    init(title:", with: "    /// How many days the trip lasts.\n    var days: Int { 0 }\n\n    init(title:"))
        try checkLint("model touched", app, try app.commit("Trip: a computed property"), expected: "pass")
        try checkRelease("model touched", app, tag: "v1.0.2", expected: "pass", findings: [])

        try app.write("Wayfarer/Models/Place.swift", XcodeAppRepository.place.replacingOccurrences(
            of: "    var longitude: Double = 0\n", with: "    var longitude: Double = 0\n    var rating: Int?\n"))
        try checkLint("property added", app, try app.commit("Place: a rating"), expected: "pass")
        try checkRelease("property added", app, tag: "v1.1", expected: "fail",
                         findings: ["error missing-field Wayfarer/Models/Place.swift:9"])
        try app.deploy(models: "Wayfarer/Models")

        try app.write("Wayfarer/Models/Tag.swift", """
            import Foundation
            import SwiftData

            @Model
            final class Tag {
                var name: String = ""
                init(name: String = "") { self.name = name }
            }

            """)
        try app.write("Wayfarer/WayfarerApp.swift", XcodeAppRepository.app(models: ["Trip", "JournalEntry", "Photo", "Place", "Tag"]))
        try checkLint("new model", app, try app.commit("Tags"), expected: "pass")
        try checkRelease("new model", app, tag: "v1.2", expected: "fail",
                         findings: ["error missing-record-type Wayfarer/Models/Tag.swift:5"])
        try app.deploy(models: "Wayfarer/Models")

        try app.write("Wayfarer/Models/Tag.swift", try app.read("Wayfarer/Models/Tag.swift").replacingOccurrences(
            of: "    var name: String = \"\"\n", with: "    var name: String = \"\"\n    @Attribute(.unique) var code: String = \"\"\n"))
        let violation = "error unique-constraint Wayfarer/Models/Tag.swift:7"
        try checkLint("rule violation", app, try app.commit("Tags: a unique code"), expected: "fail", findings: [violation])
        #expect(try app.commit("Tags: a unique code, deliberately", environment: ["SKIP_CLOUDKIT_SCHEMA_CHECK": "1"]).status == 0)
        try checkRelease("rule violation", app, tag: "v1.3", expected: "fail", findings: [violation],
                         // Production also lacks the new field and its _ckAsset companion.
                         alsoAllowed: ["error missing-field Wayfarer/Models/Tag.swift:7", "warning missing-field Wayfarer/Models/Tag.swift:7"])
        #expect(!(try app.git(["ls-remote", "--tags", "origin"])).contains("v1.3"), "a failing release tag is not pushed")
    }

    // MARK: one commit

    /// The pre-commit hook (the commit's own run), `cloudkit-schema lint` and the
    /// lint-models plugin on the same content: one verdict.
    func checkLint(_ state: String, _ app: XcodeAppRepository, _ commit: ProcessResult, expected: String, findings: Set<String> = []) throws {
        let hook = try Self.verdict(text: commit.output, command: "lint", relativeTo: app.root, app)
        let cli = try Self.verdict(json: try app.run(cloudkitSchemaBinary, ["lint", app.root, "--format", "json"]), relativeTo: app.root, app)
        let plugin = try Self.verdict(json: try app.swiftPackage([], "lint-models", [app.root, "--format", "json"]), relativeTo: app.tools, app)
        let want = Verdict(status: expected, findings: findings)
        #expect(hook == want, "\(state): pre-commit \(hook)\n\(commit.output)")
        #expect(cli == want, "\(state): lint \(cli)")
        #expect(plugin == want, "\(state): lint-models \(plugin)")
        #expect((commit.status == 0) == (expected == "pass"), "\(state): git commit exited \(commit.status)")
    }

    /// The tag's release: `cloudkit-schema gate` and `check`, the gate and check-schema
    /// plugins, and the pre-push hook (a real push of the tag): one verdict.
    func checkRelease(
        _ state: String, _ app: XcodeAppRepository, tag: String, expected: String, findings: Set<String>,
        alsoAllowed: Set<String> = []
    ) throws {
        try app.git(["tag", tag])
        let gate = try Self.verdict(json: try app.run(cloudkitSchemaBinary, ["gate", "--no-create", "--format", "json"]), relativeTo: app.root, app)
        let plugin = try Self.verdict(
            json: try app.swiftPackage(Self.network, "gate", ["--no-create", "--format", "json"]), relativeTo: app.tools, app)
        let push = try app.run("git", ["push", "-q", "origin", tag])
        let hook = try Self.gateVerdict(fromHook: push, app)
        for (name, verdict) in [("gate", gate), ("gate plugin", plugin), ("pre-push", hook)] {
            #expect(verdict.status == expected, "\(state): \(name) \(verdict)\n\(name == "pre-push" ? push.output : "")")
            #expect(findings.isSubset(of: verdict.findings) && verdict.findings.subtracting(findings).isSubset(of: alsoAllowed),
                    "\(state): \(name) \(verdict)")
        }
        #expect(gate == plugin && plugin == hook, "\(state): gate \(gate), plugin \(plugin), pre-push \(hook)")
        #expect((push.status == 0) == (expected == "pass"), "\(state): git push exited \(push.status)")
        #expect(!push.output.contains(ContractCommands.token) && !plugin.description.contains(ContractCommands.token))

        // check: what Production lacks now, from the command line and the plugin alike.
        let check = try Self.verdict(json: try app.run(cloudkitSchemaBinary, ["check", "--format", "json"]), relativeTo: app.root, app)
        let checkPlugin = try Self.verdict(
            json: try app.swiftPackage(Self.network, "check-schema", ["--format", "json"]), relativeTo: app.tools, app)
        #expect(check == checkPlugin, "\(state): check \(check), check-schema \(checkPlugin)")
        // What the gate found in the schemas is what check finds.
        #expect(check.findings == gate.findings.filter { $0.contains(" missing-") }, "\(state): check \(check), gate \(gate)")
    }

    // MARK: reading verdicts

    /// A JSON report: the whole of stdout must be one document.
    static func verdict(json run: ProcessResult, relativeTo directory: String, _ app: XcodeAppRepository) throws -> Verdict {
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        let json = try #require(document as? [String: Any], "not one JSON document: \(run.stdout)\n\(run.stderr)")
        let findings = (json["findings"] as? [[String: Any]] ?? []).map { finding in
            let place = (finding["file"] as? String).map { " " + repositoryPath($0, from: directory, app) + ((finding["line"] as? Int).map { ":\($0)" } ?? "") } ?? ""
            return "\(finding["severity"] as? String ?? "?") \(finding["code"] as? String ?? "?")\(place)"
        }
        return Verdict(status: json["status"] as? String ?? "?", findings: Set(findings))
    }

    /// A text report as a hook prints it: `  error: message [code]`, `    at path:line`, and
    /// the status line `cloudkit-schema <command>: FAILED (exit 1): …`.
    static func verdict(text: String, command: String, relativeTo directory: String, _ app: XcodeAppRepository) throws -> Verdict {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var findings: Set<String> = []
        for (index, line) in lines.enumerated() {
            guard let severity = ["error", "warning", "info"].first(where: { line.hasPrefix("  \($0): ") }),
                  line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { continue }
            let code = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            var place = ""
            if index + 1 < lines.count, lines[index + 1].hasPrefix("    at ") {
                let location = String(lines[index + 1].dropFirst("    at ".count))
                let parts = location.split(separator: ":")
                let file = parts.count > 1 && Int(parts[parts.count - 1]) != nil ? parts.dropLast().joined(separator: ":") : location
                let lineNumber = parts.count > 1 ? Int(parts[parts.count - 1]) : nil
                place = " " + repositoryPath(file, from: directory, app) + (lineNumber.map { ":\($0)" } ?? "")
            }
            findings.insert("\(severity) \(code)\(place)")
        }
        let prefix = "cloudkit-schema \(command): "
        let statusLine = try #require(lines.last { $0.hasPrefix(prefix) }, "no status line in: \(text)")
        let words = statusLine.dropFirst(prefix.count)
        let status = words.hasPrefix("PASSED") ? "pass" : words.hasPrefix("FAILED") ? "fail" : words.hasPrefix("SKIPPED") ? "skipped" : "error"
        return Verdict(status: status, findings: findings)
    }

    /// The pre-push hook's gate runs in a temporary checkout it names: its paths are the tag's.
    static func gateVerdict(fromHook push: ProcessResult, _ app: XcodeAppRepository) throws -> Verdict {
        let marker = "stands for the repository root)"
        let tree = push.output.split(separator: "\n").first { $0.contains(marker) }
            .flatMap { line -> String? in
                guard let colon = line.range(of: ": ", options: .backwards), let end = line.range(of: "/ " + marker) else { return nil }
                return String(line[colon.upperBound..<end.lowerBound])
            }
        return try verdict(text: push.output, command: "gate", relativeTo: tree ?? app.root, app)
    }

    /// `path` relative to the repository root, whether it was absolute, relative to the
    /// entry point's directory, or inside a temporary checkout standing for the root.
    static func repositoryPath(_ path: String, from directory: String, _ app: XcodeAppRepository) -> String {
        let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: directory + "/" + path).standardizedFileURL.path
        for base in [directory, app.root] {
            for spelling in Set([base, CanonicalPath(base).path]) where absolute.hasPrefix(spelling + "/") {
                return String(absolute.dropFirst(spelling.count + 1))
            }
        }
        return absolute
    }
}
