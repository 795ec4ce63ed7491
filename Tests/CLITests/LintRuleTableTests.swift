import Foundation
import SchemaGate
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// The lint rule table of Docs/lint.md is a copy of `LintRuleCatalog` written for people: it
/// must list every rule, in the catalog's order, with the severity `lint --list-rules` prints,
/// and mark the `--since` rules as the catalog does. Its "catches" prose is the page's own.
@Suite(.waitsOnProcesses) struct LintRuleTableTests {
    static let page = "Docs/lint.md"

    struct Row: Equatable, CustomStringConvertible {
        var id: String
        var severity: String
        var needsSince: Bool
        var description: String { "\(id) | \(severity)\(needsSince ? " | (--since)" : "")" }
    }

    /// The rows of the table whose header is `| id | default | catches |`.
    static func tableRows(_ page: String) -> [Row] {
        let lines = page.components(separatedBy: "\n")
        guard let header = lines.firstIndex(of: "| id | default | catches |") else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return Row(
                id: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), severity: cells[1],
                needsSince: cells[2].hasPrefix("(`--since`)"))
        }
    }

    static func catalogRows() -> [Row] {
        LintRuleCatalog.infos.map { Row(id: $0.id, severity: RuleList.severity($0), needsSince: $0.summary.hasPrefix("(--since)")) }
    }

    @Test func theTableIsTheCatalog() throws {
        let text = try String(contentsOfFile: packageRoot + "/" + Self.page, encoding: .utf8)
        let rows = Self.tableRows(text)
        #expect(!rows.isEmpty, "\(Self.page) has no '| id | default | catches |' table")
        #expect(rows == Self.catalogRows(), "\(Self.page)'s rule table differs from LintRuleCatalog: update it")
    }

    /// The comparison sees a drift in each column.
    @Test func aDriftedTableDiffers() throws {
        let text = try String(contentsOfFile: packageRoot + "/" + Self.page, encoding: .utf8)
        for (from, to) in [
            ("| `deny-delete-rule` | error |", "| `deny-delete-rules` | error |"),
            ("| `deny-delete-rule` | error |", "| `deny-delete-rule` | warning |"),
            ("| error (gate: warning) |", "| error |"),
            ("| (`--since`) model gone |", "| model gone |"),
        ] {
            #expect(text.contains(from))
            #expect(Self.tableRows(text.replacingOccurrences(of: from, with: to)) != Self.catalogRows(), "\(to)")
        }
    }
}
