import Foundation
import SchemaGate
import TestSupport
import Testing
@testable import CloudKitSchemaCLI

/// README's lint rule table is a copy of `LintRuleCatalog` written for people: it must
/// list every rule, in the catalog's order, with the severity `lint --list-rules` prints,
/// and mark the `--since` rules as the catalog does. Its "catches" prose is README's own.
@Suite struct ReadmeRuleTableTests {
    struct Row: Equatable, CustomStringConvertible {
        var id: String
        var severity: String
        var needsSince: Bool
        var description: String { "\(id) | \(severity)\(needsSince ? " | (--since)" : "")" }
    }

    /// The rows of the table whose header is `| id | default | catches |`.
    static func readmeRows(_ readme: String) -> [Row] {
        let lines = readme.components(separatedBy: "\n")
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

    @Test func readmeTableIsTheCatalog() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let rows = Self.readmeRows(readme)
        #expect(!rows.isEmpty, "README has no '| id | default | catches |' table")
        #expect(rows == Self.catalogRows(), "README's rule table differs from LintRuleCatalog: update README 'lint'")
    }

    /// The comparison sees a drift in each column.
    @Test func aDriftedTableDiffers() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        for (from, to) in [
            ("| `deny-delete-rule` | error |", "| `deny-delete-rules` | error |"),
            ("| `deny-delete-rule` | error |", "| `deny-delete-rule` | warning |"),
            ("| error (gate: warning) |", "| error |"),
            ("| (`--since`) model gone |", "| model gone |"),
        ] {
            #expect(readme.contains(from))
            #expect(Self.readmeRows(readme.replacingOccurrences(of: from, with: to)) != Self.catalogRows(), "\(to)")
        }
    }
}
