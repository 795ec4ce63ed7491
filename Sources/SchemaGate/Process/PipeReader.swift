import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drains one pipe, on a background thread with `poll` (so it can be told to stop even
/// when a grandchild that escaped the kill keeps the write end open: a blocking `read`
/// would wait forever) or, without a thread, when the caller's `poll` says it is ready.
final class PipeReader: @unchecked Sendable {
    /// What is kept of the output.
    enum Keep {
        /// Everything up to `limit` bytes. Past it nothing is kept (the output is drained
        /// and dropped): the caller learns that it overflowed, never a cut version.
        case whole(limit: Int)
        /// The newest `limit` bytes (the tail of streamed output, for error messages).
        case tail(limit: Int)
    }

    private let fd: Int32
    var descriptor: Int32 { fd }
    private let stream: ProcessStream
    private let keep: Keep
    private let redactor: Redactor
    private let onLine: (@Sendable (ProcessStream, String) -> Void)?
    private let lock = NSLock()
    private var buffer = Data()
    private var pendingLine = Data()
    /// More arrived than `keep` allows.
    private var overflowed = false
    private var stopRequested = false
    private let finished = DispatchSemaphore(value: 0)

    init(fd: Int32, stream: ProcessStream, keep: Keep, redactions: [String],
         onLine: (@Sendable (ProcessStream, String) -> Void)?) {
        self.fd = fd
        self.stream = stream
        self.keep = keep
        self.redactor = Redactor(secrets: redactions)
        self.onLine = onLine
    }

    func start() {
        let thread = Thread { [self] in
            drain()
            finished.signal()
        }
        thread.name = "cloudkit-schema \(stream.rawValue) reader"
        thread.start()
    }

    /// Without a thread: one `read` once `poll` said the pipe is ready. False at end of
    /// file (or on an error): the caller stops polling it and calls `close()`.
    func readReady(into chunk: inout [UInt8]) -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                append(Data(chunk[0..<count]))
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return count < 0 && errno == EAGAIN
        }
    }

    /// Without a thread: what is left of a last line without a newline is passed on.
    func close() {
        flushPendingLine()
    }

    /// Waits for end of file until `deadline`; then stops reading. Returns false when
    /// the pipe was still open (something outside our reach holds it).
    @discardableResult
    func finish(before deadline: DispatchTime) -> Bool {
        if finished.wait(timeout: deadline) == .success { return true }
        lock.withLock { stopRequested = true }
        finished.wait()
        return false
    }

    /// What was kept, redacted, and whether more arrived than `keep` allows.
    var result: (data: Data, overflowed: Bool) {
        lock.withLock { (redactor.isEmpty ? buffer : Data(redactor.redact(bytes: [UInt8](buffer))), overflowed) }
    }

    private func drain() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !lock.withLock({ stopRequested }) {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                append(Data(chunk[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                break
            }
        }
        flushPendingLine()
    }

    private func append(_ data: Data) {
        lock.withLock {
            switch keep {
            case .whole(let limit):
                guard !overflowed else { return }
                buffer.append(data)
                if buffer.count > limit {
                    buffer = Data()
                    overflowed = true
                }
            case .tail(let limit):
                buffer.append(data)
                if buffer.count > limit {
                    buffer.removeFirst(buffer.count - limit)
                    overflowed = true
                }
            }
        }
        guard let onLine else { return }
        pendingLine.append(data)
        while let newline = pendingLine.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pendingLine[pendingLine.startIndex..<newline]
            emit(line, to: onLine)
            pendingLine.removeSubrange(pendingLine.startIndex...newline)
        }
        // A very long line without newline (a progress bar) is passed on in pieces.
        if pendingLine.count > 65536 {
            emit(pendingLine, to: onLine)
            pendingLine.removeAll()
        }
    }

    private func flushPendingLine() {
        guard let onLine, !pendingLine.isEmpty else { return }
        emit(pendingLine, to: onLine)
        pendingLine.removeAll()
    }

    private func emit(_ line: Data, to handler: @Sendable (ProcessStream, String) -> Void) {
        var text = String(decoding: line, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        handler(stream, redactor.redact(text))
    }
}
