import Foundation

/// The whole state as plain text for a support request: every activity with its dates and
/// last error rendered completely, the named causes, the warnings and the last schema check.
public enum DiagnosticsReport {
    /// - Parameter about: lines the app adds at the top (app version, OS, container).
    public static func text(
        history: SyncHistory, probe: ProbeReport?, expected: ExpectedCloudKitSchema? = nil, about: [String] = [],
        now: Date, timeZone: TimeZone
    ) -> String {
        let text = DateText(now: now, timeZone: timeZone)
        let summary = SyncSummary(history: history, now: now, timeZone: timeZone)
        var lines = ["CloudKit sync diagnostics, \(text.stamp(now))"] + about
        lines.append("Recording since: " + (history.recordingSince.map(text.stamp) ?? "unknown"))
        for row in summary.activities {
            lines.append("")
            lines += activity(row, history[row.activity], text: text)
        }
        if !summary.warnings.isEmpty {
            lines.append("")
            lines.append("Warnings:")
            lines += summary.warnings.map { "  - \($0)" }
        }
        lines.append("")
        lines += probeLines(probe, expected: expected, text: text)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func activity(_ row: ActivitySummary, _ history: ActivityHistory, text: DateText) -> [String] {
        var lines = [row.sentence]
        func add(_ label: String, _ date: Date?) { lines.append("  \(label): " + (date.map(text.stamp) ?? "none recorded")) }
        add("last start", history.lastStart)
        add("last success", history.lastSuccess)
        add("failing since", history.failingSince)
        lines.append("  failures since the last success: \(history.failuresInStreak)")
        if let open = history.unfinished { lines.append("  unfinished: started \(text.stamp(open.start))") }
        if let error = history.lastError {
            let when = history.lastFailure.map(text.stamp) ?? "date unknown"
            let old = history.isFailing ? "" : " (before the last success)"
            lines.append("  last error (\(when))\(old):")
            lines += error.lines(indent: "    ")
        }
        if !row.causes.isEmpty {
            lines.append("  causes:")
            lines += row.causes.map { "    - \($0.certainty.rawValue): \($0.explanation)" }
        }
        return lines
    }

    private static func probeLines(_ probe: ProbeReport?, expected: ExpectedCloudKitSchema?, text: DateText) -> [String] {
        guard let probe else {
            let count = expected.map { " (\($0.recordTypes.count) record types expected)" } ?? ""
            return ["CloudKit schema check: not run\(count)"]
        }
        var lines = ["CloudKit schema check of \(probe.containerIdentifier), \(text.stamp(probe.date)):"]
        if let status = probe.accountStatus { lines.append("  iCloud account status: \(status); nothing was asked") }
        let counts = ProbeAnswer.allCases.compactMap { answer in
            probe.count(answer) > 0 ? "\(probe.count(answer)) \(answer.label)" : nil
        }
        lines.append("  " + counts.joined(separator: ", "))
        for result in probe.results {
            lines.append("  \(result.recordType): \(result.answer.label)")
            if let error = result.error, result.answer != .present { lines += error.lines(indent: "      ") }
        }
        return lines
    }
}
