import Foundation

/// The printed result: one row per (our command, peer) pair with the ratio and throughput.
struct Table {
    private var rows: [[String]] = []

    mutating func add(_ name: String, ours: Measurement, peer: (String, Measurement), bytes: Int?, files: Int?) {
        let ratio = peer.1.seconds > 0 ? ours.seconds / peer.1.seconds : .infinity
        rows.append([
            name, ms(ours.seconds), peer.0, ms(peer.1.seconds), String(format: "%.2fx", ratio),
            bytes.map { String(format: "%.1f MB/s", Double($0) / 1e6 / ours.seconds) } ?? "",
            files.map { String(format: "%.0f files/s", Double($0) / ours.seconds) } ?? "",
            "\(ours.peakKilobytes / 1024) MB", ours.status == 0 || ours.status == 1 ? "" : "exit \(ours.status)!",
        ])
    }

    mutating func addInProcess(_ name: String, seconds: Double, bytes: Int) {
        rows.append([name, ms(seconds), "", "", "", String(format: "%.1f MB/s", Double(bytes) / 1e6 / seconds), "", "", ""])
    }

    func render() -> String {
        let header = ["case", "ours", "peer", "peer time", "ours/peer", "throughput", "files/s", "peak RSS", ""]
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            "| " + row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }.joined(separator: "\n")
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
