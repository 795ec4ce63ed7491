import Foundation
import SchemaGateBasics

/// The read-only exports of one run (both environments of every container; the gate's,
/// `check`'s, `create`'s verification and `doctor`'s), in flight at once up to `limit`
/// and read back by index. A caller that reads them in the order it used to run them
/// reports exactly what that sequential run would have: the same notes, the same first
/// error. Only the waiting overlaps (Docs/cktool-exports.md).
///
/// Why at most `limit`: every export is a request to the same service (CloudKit's
/// management API) with the same token, and CloudKit throttles a client that sends many
/// requests in a short time. Four covers the common run, one or two containers with two
/// environments each, in the time of one export; an app with many containers still sends
/// them a few at a time.
///
/// An export after a failed one runs on until the caller stops reading: an export before
/// it may fail too, and that error is the one to report. `stop` (the caller's `defer`,
/// once it is done or stops on an error) stops what still runs through the process
/// runner's cancellation (each cktool's process group stopped as on a timeout) and returns
/// once every export has ended and removed its scratch folder. An unreadable export keeps
/// its folder for a bug report only when its error is read (and so printed with the
/// folder's path); one nobody read is removed by `stop`, so nothing is left unannounced.
package final class CKToolExports: @unchecked Sendable {
    package struct Export: Sendable, Equatable {
        package var teamID: String
        package var containerID: String
        package var environment: CloudKitEnvironment

        package init(teamID: String, containerID: String, environment: CloudKitEnvironment) {
            self.teamID = teamID
            self.containerID = containerID
            self.environment = environment
        }
    }

    package static let limit = 4

    private let jobs: BlockingJobs<CloudKitExport, CKToolError>
    private let count: Int
    /// Guards `read`: the indices whose result `export` gave to the caller.
    private let lock = NSLock()
    private var read: Set<Int> = []

    /// Starts the exports, the first `limit` at once and each next one as one ends.
    package init(runner: CKToolRunner, exports: [Export], limit: Int = CKToolExports.limit) {
        count = exports.count
        jobs = BlockingJobs(count: exports.count, limit: limit) { index, cancellation in
            var runner = runner
            runner.cancellation = cancellation
            let export = exports[index]
            return Result { () throws(CKToolError) -> CloudKitExport in
                try runner.exportSchema(teamID: export.teamID, containerID: export.containerID, environment: export.environment)
            }
        }
    }

    /// Waits for export `index` and gives it, or throws the error it ended with.
    package func export(_ index: Int) throws(CKToolError) -> CloudKitExport {
        guard let result = jobs.result(index) else { throw .stopped(subcommand: "export-schema") }
        lock.withLock { _ = read.insert(index) }
        return try result.get()
    }

    /// Export `index` will not be read: stopped if it runs, never started if it waits.
    package func discard(_ index: Int) {
        jobs.discard(index)
    }

    /// Stops every export still running or waiting; returns once none runs.
    package func stop() {
        jobs.stop()
        let unread = lock.withLock { Set(0..<count).subtracting(read) }
        for index in unread.sorted() {
            // After `stop` a result is there or never will be: this does not wait.
            if case .failure(.unparsableExport(_, _, let kept?, _))? = jobs.result(index) {
                ScratchFolder.remove((kept as NSString).deletingLastPathComponent)
            }
        }
    }

    /// The most exports that were in flight at the same time.
    package var peakConcurrency: Int { jobs.peakConcurrency }
}
