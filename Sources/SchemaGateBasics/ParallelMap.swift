import Dispatch

/// Maps `0..<count` to results on every core, results in index order: the per-file work
/// of the model reader (read, lex, parse) is independent, and an app has thousands of
/// files. Small inputs stay on the calling thread, where waking the worker pool would
/// cost more than it saves.
package enum ParallelMap {
    /// Below this many items the work runs serially.
    package static let serialLimit = 16

    /// `minimumCount`: the fewest items worth spreading (a few large ones can be).
    package static func map<Result>(_ count: Int, serial: Bool = false, minimumCount: Int = serialLimit, _ body: (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        if serial || count < minimumCount { return (0..<count).map(body) }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Contiguous chunks, a few per core, so neighbouring files share a worker and
            // an uneven file cannot leave a core idle for long.
            let chunks = min(count, 64)
            let base = buffer.baseAddress!
            withoutActuallyEscaping(body) { body in
                let shared = UnsafeSendable(body: body, base: base)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = count * chunk / chunks, end = count * (chunk + 1) / chunks
                    for index in start..<end { (shared.base + index).initialize(to: shared.body(index)) }
                }
            }
            initialized = count
        }
    }

    /// Runs two independent pieces of work at the same time (one on the calling thread).
    package static func both<First, Second>(serial: Bool = false, _ first: () -> First, _ second: () -> Second) -> (First, Second) {
        if serial { return (first(), second()) }
        var firstResult: First?
        // Index 0 writes only `firstResult`, index 1 only its own slot of the result.
        let seconds = map(2, minimumCount: 2) { index -> Second? in
            if index == 0 {
                firstResult = first()
                return nil
            }
            return second()
        }
        // Both are set: `map` runs every index before it returns.
        return (firstResult!, seconds[1]!)
    }

    /// Each index is written by exactly one iteration and read only after
    /// concurrentPerform returns; the body only reads shared state.
    private struct UnsafeSendable<Result>: @unchecked Sendable {
        let body: (Int) -> Result
        let base: UnsafeMutablePointer<Result>
    }
}
