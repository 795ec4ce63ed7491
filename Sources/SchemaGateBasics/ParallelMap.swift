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

    /// How many results `forEachInOrder` makes ahead of the next one it consumes: a worker
    /// that got that far ahead (its core ran while another's index was slow, or was
    /// descheduled) waits, so at most this many results, each a grown buffer, are held.
    package static let inOrderWindow = 2 * max(ProcessInfo.processInfo.activeProcessorCount, 2)

    /// Produces the results of `0..<count` on every core and hands each to `consume` in
    /// index order, one at a time, as soon as it and every result before it are done. A
    /// result is held only until those before it are consumed, and at most
    /// `inOrderWindow` are made ahead: megabytes of output go out as they are written, in
    /// a few buffers used again and again, rather than held at once in fresh memory.
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

    /// Maps items to results on every core while the items are still being found: `next`
    /// gives them one by one until it returns nil, and every `batchSize` items it gives are
    /// mapped at once by the other cores, so the work starts with the first items instead
    /// of after the last (a directory walk plans thousands of reads). The thread that calls
    /// `next` joins the mapping once there are no more items. Fewer than `batchSize` items
    /// are mapped on the calling thread alone. Results come back in the order of `next`.
    package static func mapWhileProducing<Item, Result>(
        serial: Bool = false, batchSize: Int = serialLimit, next: () -> Item?, _ body: (Item) -> Result
    ) -> [Result] {
        precondition(batchSize > 0, "a batch holds at least one item")
        var first: [Item] = []
        while serial || first.count < batchSize, let item = next() { first.append(item) }
        if serial || first.count < batchSize { return first.map(body) }
        return withoutActuallyEscaping(next) { next in
            withoutActuallyEscaping(body) { body in
                let batches = StreamedBatches(first: first, next: next, body: body)
                // One worker per core: the first produces, then maps like the others.
                DispatchQueue.concurrentPerform(iterations: max(2, ProcessInfo.processInfo.activeProcessorCount)) { worker in
                    if worker == 0 { batches.produce() }
                    batches.mapUntilDone()
                }
                return batches.results()
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
        private let condition = NSCondition()
        private var next = 0
        private var parked: [Int: Result] = [:]

        init(produce: @escaping (Int) -> Result, consume: @escaping (Result) -> Void) {
            self.produce = produce
            self.consume = consume
        }

        /// A worker more than `inOrderWindow` indices ahead of the next one to consume
        /// waits first. The worker on `next` never waits, so someone always makes progress.
        func run(_ index: Int) {
            condition.withLock {
                while index >= next + inOrderWindow { condition.wait() }
            }
            let result = produce(index)
            condition.withLock {
                parked[index] = result
                let before = next
                while let ready = parked.removeValue(forKey: next) {
                    consume(ready)
                    next += 1
                }
                if next > before { condition.broadcast() }
            }
        }
    }

    /// The batches of `mapWhileProducing`, in the order they were produced. Workers take
    /// them in that order, waiting while the producer may still add some. Worker 0 is
    /// always the producer and `concurrentPerform` starts iterations in index order, so a
    /// waiting worker always has a running producer to wake it. The results are moved out
    /// once every iteration is done.
    private final class StreamedBatches<Item, Result>: @unchecked Sendable {
        private let next: () -> Item?
        private let body: (Item) -> Result
        /// As many items as every batch but the last holds.
        private let batchSize: Int
        /// Guards `batches`, `taken` and `producing`.
        private let condition = NSCondition()
        private var batches: [Batch] = []
        private var taken = 0
        private var producing = true

        /// `first`: the first batch, already produced.
        init(first: [Item], next: @escaping () -> Item?, body: @escaping (Item) -> Result) {
            self.next = next
            self.body = body
            batchSize = first.count
            batches = [Batch(first)]
        }

        func produce() {
            var items: [Item] = []
            while let item = next() {
                items.append(item)
                if items.count == batchSize {
                    add(items)
                    items = []
                }
            }
            condition.withLock {
                if !items.isEmpty { batches.append(Batch(items)) }
                producing = false
                condition.broadcast()
            }
        }

        private func add(_ items: [Item]) {
            condition.withLock {
                batches.append(Batch(items))
                condition.signal()
            }
        }

        func mapUntilDone() {
            while let batch = take() { batch.map(body) }
        }

        /// The next batch nobody took, nil when there is none and will be none.
        private func take() -> Batch? {
            condition.lock()
            defer { condition.unlock() }
            while taken == batches.count && producing { condition.wait() }
            guard taken < batches.count else { return nil }
            taken += 1
            return batches[taken - 1]
        }

        /// Every result in order, moved out of the batches (a copy would retain and then
        /// release every file's declarations on this one thread).
        func results() -> [Result] {
            let count = batches.reduce(0) { $0 + $1.count }
            return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
                for batch in batches { initialized += batch.moveResults(to: buffer.baseAddress! + initialized) }
            }
        }

        /// Some items and, once mapped, their results (each written once, moved out once).
        private final class Batch {
            let count: Int
            /// Dropped once mapped, with whatever the items hold (open directories).
            private var items: [Item]
            private let results: UnsafeMutablePointer<Result>
            private var isMapped = false

            init(_ items: [Item]) {
                self.items = items
                count = items.count
                results = .allocate(capacity: items.count)
            }

            func map(_ body: (Item) -> Result) {
                for index in items.indices { (results + index).initialize(to: body(items[index])) }
                items = []
                isMapped = true
            }

            /// Moves the results to `target` and says how many there were.
            func moveResults(to target: UnsafeMutablePointer<Result>) -> Int {
                precondition(isMapped, "a batch's results are moved once, after it is mapped")
                target.moveInitialize(from: results, count: count)
                isMapped = false
                return count
            }

            deinit {
                if isMapped { results.deinitialize(count: count) }
                results.deallocate()
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
