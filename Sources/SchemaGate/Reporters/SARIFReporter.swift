import Foundation
import ModelSource
import SchemaGateBasics

/// SARIF 2.1.0 for GitHub code scanning (Docs/sarif.md): one run whose driver describes
/// every finding code (`FindingCatalog`), one result per finding located in its file,
/// relative to the repository root (`SRCROOT`). GitHub rejects an upload holding a result
/// without a location, so findings that name no file, and the report's notes, are the
/// invocation's notifications instead; `executionSuccessful` is false for status `error`.
package struct SARIFReporter: Reporter {
    /// What relative paths in findings are relative to. URIs are relative to the git work
    /// tree holding it (the repository root, as GitHub wants them, also when a workflow
    /// checks the repository out below GITHUB_WORKSPACE), else to it.
    package var workingDirectory: String?

    package init(workingDirectory: String?) {
        self.workingDirectory = workingDirectory
    }

    package static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    package static let rootID = "SRCROOT"

    package func render(_ report: Report) -> String {
        let root = workingDirectory.map { ProjectSurvey.root(workingDirectory: $0) }
        var descriptors = FindingCatalog.all
        for code in report.findings.map(\.code) where !descriptors.contains(where: { $0.id == code }) {
            descriptors.append(LintRuleInfo(id: code, severity: .error, summary: code, fix: "See the finding's message."))
        }
        let index = Dictionary(descriptors.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [SARIF.Result] = []
        var notifications = report.notes.map {
            SARIF.Notification(level: report.status == .skipped ? "warning" : "note", message: SARIF.Text(text: $0), associatedRule: nil)
        }
        for finding in report.findings {
            let rule = SARIF.RuleReference(id: finding.code, index: index[finding.code]!)
            if let location = location(of: finding, root: root) {
                results.append(SARIF.Result(
                    ruleId: finding.code, ruleIndex: rule.index, level: Self.level(finding.severity),
                    message: SARIF.Text(text: text(of: finding)), locations: [location], properties: properties(of: finding)))
            } else {
                notifications.append(SARIF.Notification(level: Self.level(finding.severity), message: SARIF.Text(text: text(of: finding)), associatedRule: rule))
            }
        }
        let run = SARIF.Run(
            tool: SARIF.Tool(driver: SARIF.Driver(
                name: ToolIdentity.name, version: ToolIdentity.version, semanticVersion: ToolIdentity.version,
                rules: descriptors.map(Self.rule))),
            originalUriBaseIds: root.map { [Self.rootID: SARIF.ArtifactLocation(uri: Self.fileURI(directory: $0), uriBaseId: nil)] },
            results: results,
            invocations: [SARIF.Invocation(executionSuccessful: report.status != .error, toolExecutionNotifications: notifications)])
        return JSONReporter.encode(SARIF.Log(schema: Self.schemaURI, version: "2.1.0", runs: [run])) + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    static func rule(_ descriptor: LintRuleInfo) -> SARIF.Rule {
        SARIF.Rule(
            id: descriptor.id, shortDescription: SARIF.Text(text: descriptor.summary), fullDescription: SARIF.Text(text: descriptor.summary),
            help: SARIF.Text(text: descriptor.fix), defaultConfiguration: SARIF.Configuration(level: level(descriptor.severity)))
    }

    private func text(of finding: Finding) -> String {
        finding.fix.map { "\(finding.message). Fix: \($0)" } ?? finding.message
    }

    private func properties(of finding: Finding) -> [String: String]? {
        var bag: [String: String] = [:]
        bag["recordType"] = finding.recordType
        bag["field"] = finding.field
        bag["expectedType"] = finding.expectedType
        bag["actualType"] = finding.actualType
        bag["environment"] = finding.environment
        return bag.isEmpty ? nil : bag
    }

    /// The finding's file relative to the root (`SRCROOT`), or an absolute `file:` URI
    /// outside it; nil when it names no file.
    private func location(of finding: Finding, root: String?) -> SARIF.Location? {
        guard let file = finding.file, !file.isEmpty else { return nil }
        let absolute = UserPath.absolute(file, in: workingDirectory ?? root ?? "/")
        let artifact: SARIF.ArtifactLocation
        if let root, let relative = UserPath.relative(absolute, to: root), !relative.isEmpty {
            artifact = SARIF.ArtifactLocation(uri: Self.encode(relative), uriBaseId: Self.rootID)
        } else {
            artifact = SARIF.ArtifactLocation(uri: "file://" + Self.encode(absolute), uriBaseId: nil)
        }
        let region = finding.line.flatMap { $0 >= 1 ? SARIF.Region(startLine: $0, startColumn: finding.column.flatMap { $0 >= 1 ? $0 : nil }) : nil }
        return SARIF.Location(physicalLocation: SARIF.PhysicalLocation(artifactLocation: artifact, region: region))
    }

    static func fileURI(directory: String) -> String {
        "file://" + encode(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// A path as a URI reference: every byte outside RFC 3986's unreserved set and `/` escaped.
    static func encode(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

/// The SARIF 2.1.0 objects the reporter writes (names as the standard spells them).
enum SARIF {
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]?
        var results: [Result]
        var invocations: [Invocation]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var properties: [String: String]?
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        var level: String
        var message: Text
        var associatedRule: RuleReference?
    }

    struct RuleReference: Encodable {
        var id: String
        var index: Int
    }
}
