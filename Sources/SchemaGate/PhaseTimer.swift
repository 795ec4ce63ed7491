import Dispatch

/// Wall time of the named phases of one run (change detection, lint, create, export,
/// check...), for `gate --verbose`: where a slow release gate spends its time.
///
/// The gate wraps each step: `let changes = try timer.measure("change detection") { ... }`;
/// the command prints `timer.lines()` to stderr when `--verbose` is given. A phase measured
/// twice (one per container) adds up under one name, in the order first seen.
package final class PhaseTimer: @unchecked Sendable {
    package struct Phase: Equatable, Sendable {
        package var name: String
        package var seconds: Double
        /// How many times it ran.
        package var count: Int
    }

    private let now: @Sendable () -> UInt64
    private let started: UInt64
    private var recorded: [Phase] = []
    private let lock = DispatchSemaphore(value: 1)

    /// `now` returns nanoseconds on a monotonic clock (tests pass a fake one).
    package init(now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.now = now
        started = now()
    }

    /// Runs `body`, adding its wall time (also when it throws) to the phase `name`.
    @discardableResult
    package func measure<T, Failure: Error>(_ name: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = now()
        defer { add(name, seconds: Double(now() &- start) / 1e9) }
        return try body()
    }

    package func add(_ name: String, seconds: Double) {
        lock.wait()
        defer { lock.signal() }
        if let index = recorded.firstIndex(where: { $0.name == name }) {
            recorded[index].seconds += seconds
            recorded[index].count += 1
        } else {
            recorded.append(Phase(name: name, seconds: seconds, count: 1))
        }
    }

    package var phases: [Phase] {
        lock.wait()
        defer { lock.signal() }
        return recorded
    }

    /// `timing: <phase> <ms> (<share>%)` per phase, then the total since the timer was
    /// made (which includes anything not measured, shown as `other`).
    package func lines() -> [String] {
        let phases = self.phases
        let total = Double(now() &- started) / 1e9
        let measured = phases.reduce(0) { $0 + $1.seconds }
        var rows = phases.map { ($0.count > 1 ? "\($0.name) (\($0.count)x)" : $0.name, $0.seconds) }
        if total - measured > 0.0005 { rows.append(("other", total - measured)) }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = rows.map { name, seconds in
            "timing: " + name.padding(width) + "  " + Self.milliseconds(seconds) + "  " + Self.share(seconds, of: total)
        }
        lines.append("timing: " + "total".padding(width) + "  " + Self.milliseconds(total))
        return lines
    }

    static func milliseconds(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10_000).rounded())
        let text = "\(tenths / 10).\(tenths % 10) ms"
        return String(repeating: " ", count: max(0, 10 - text.count)) + text
    }

    static func share(_ seconds: Double, of total: Double) -> String {
        guard total > 0 else { return "" }
        let percent = Int((seconds / total * 100).rounded())
        return "(\(percent)%)"
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
