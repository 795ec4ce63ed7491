import Dispatch
import Foundation

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

    /// Produces the results of `0..<count` on every core and hands each to `consume` in
    /// index order, one at a time, as soon as it and every result before it are done. A
    /// result is held only until those before it are consumed, not until all are made:
    /// megabytes of output go out as they are written, in a few buffers used again and
    /// again, rather than all held at once in fresh memory.
    package static func forEachInOrder<Result>(
        _ count: Int, serial: Bool = false, minimumCount: Int = serialLimit,
        produce: (Int) -> Result, consume: (Result) -> Void
    ) {
        guard !serial && count >= minimumCount else {
            for index in 0..<count { consume(produce(index)) }
            return
        }
        withoutActuallyEscaping(produce) { produce in
            withoutActuallyEscaping(consume) { consume in
                let handOff = InOrderHandOff(produce: produce, consume: consume)
                DispatchQueue.concurrentPerform(iterations: count) { index in handOff.run(index) }
            }
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

    /// Results parked until every one before them is consumed. Workers take indices in
    /// increasing order, so about as many are parked as there are workers (more only
    /// while the worker on the next index is held up; at worst all, as `map` holds).
    private final class InOrderHandOff<Result>: @unchecked Sendable {
        private let produce: (Int) -> Result
        private let consume: (Result) -> Void
        /// Guards `next` and `parked`, and makes `consume` run one call at a time.
        private let lock = NSLock()
        private var next = 0
        private var parked: [Int: Result] = [:]

        init(produce: @escaping (Int) -> Result, consume: @escaping (Result) -> Void) {
            self.produce = produce
            self.consume = consume
        }

        func run(_ index: Int) {
            let result = produce(index)
            lock.withLock {
                parked[index] = result
                while let ready = parked.removeValue(forKey: next) {
                    consume(ready)
                    next += 1
                }
            }
        }
    }

    /// Each index is written by exactly one iteration and read only after
    /// concurrentPerform returns; the body only reads shared state.
    private struct UnsafeSendable<Result>: @unchecked Sendable {
        let body: (Int) -> Result
        let base: UnsafeMutablePointer<Result>
    }
}
