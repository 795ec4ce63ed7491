import Foundation

/// What a row must show (issue 7), checked on the printed numbers.
enum Target {
    /// ours/peer at most this ratio.
    case ratio(Double)
    /// Our median under this many seconds.
    case under(Double)

    func met(ours: Double, peer: Double?) -> Bool {
        switch self {
        case .ratio(let limit): return peer.map { $0 > 0 && ours / $0 <= limit } ?? false
        case .under(let limit): return ours < limit
        }
    }

    var text: String {
        switch self {
        case .ratio(let limit): return String(format: "<= %.2gx", limit)
        case .under(let limit): return String(format: "< %.0f ms", limit * 1000)
        }
    }
}

/// The printed result: one row per (our command, peer) pair with the ratio, the target,
/// throughput, time per file net of start-up (flat across sizes = linear growth) and our
/// peak memory.
struct Table {
    private var rows: [[String]] = []
    private(set) var missed: [String] = []

    /// `startup` (the `--help` time) is taken off before dividing by `files`: what is left
    /// per file must stay flat as the input grows (linear time).
    mutating func add(
        _ name: String, ours: Measurement, peer: (String, Measurement)?, target: Target? = nil, bytes: Int? = nil, files: Int? = nil,
        startup: Double = 0
    ) {
        let ratio = peer.map { $0.1.seconds > 0 ? ours.seconds / $0.1.seconds : .infinity }
        let met = target.map { $0.met(ours: ours.seconds, peer: peer?.1.seconds) }
        if met == false { missed.append(name + (peer.map { " vs \($0.0)" } ?? "")) }
        rows.append([
            name, ms(ours.seconds) + failure(ours), peer?.0 ?? "", peer.map { ms($0.1.seconds) + failure($0.1) } ?? "",
            ratio.map { String(format: "%.2fx", $0) } ?? "",
            target.map { "\($0.text) \(met == true ? "yes" : "NO")" } ?? "",
            bytes.map { String(format: "%.0f MB/s", Double($0) / 1e6 / ours.seconds) } ?? "",
            files.map { String(format: "%.1f µs", max(0, ours.seconds - startup) / Double($0) * 1e6) } ?? "",
            peak(ours),
        ])
    }

    func render() -> String {
        let header = ["case", "ours", "peer", "peer time", "ours/peer", "target", "throughput", "per file*", "peak RSS"]
        let all = [header, header.map { _ in "" }] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.enumerated().map { number, row in
            if number == 1 { return "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|" }
            return "| " + row.indices.map { pad(row[$0], widths[$0]) }.joined(separator: " | ") + " |"
        }.joined(separator: "\n")
    }

    /// Pads by characters (String.padding counts UTF-16 units, which would misalign `µ`).
    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Never a silent 0: a figure that could not be measured says so.
    private func peak(_ measurement: Measurement) -> String {
        switch measurement.peak {
        case .success(let kilobytes): return "\(kilobytes / 1024) MB"
        case .failure: return "n/a"
        case nil: return ""
        }
    }

    /// Exit 1 is a finding, not a failure; anything else marks the figure as suspect.
    private func failure(_ measurement: Measurement) -> String {
        measurement.status == 0 || measurement.status == 1 ? "" : " (exit \(measurement.status)!)"
    }

    private func ms(_ seconds: Double) -> String {
        seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000)
    }
}
