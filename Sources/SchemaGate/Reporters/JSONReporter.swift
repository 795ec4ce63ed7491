import Foundation

/// The machine contract: `{"command","status","summary","notes","findings":[...]}` with
/// sorted keys so output is stable across runs and platforms.
package struct JSONReporter: Reporter {
    package init() {}

    struct Envelope: Encodable {
        var command: String
        var status: ReportStatus
        var summary: [String: Int]
        var notes: [String]
        var findings: [Finding]
    }

    package func render(_ report: Report) -> String {
        let envelope = Envelope(
            command: report.command, status: report.status,
            summary: Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, report.count($0)) }),
            notes: report.notes, findings: report.findings)
        return Self.encode(envelope) + "\n"
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and ints cannot fail.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }
}
