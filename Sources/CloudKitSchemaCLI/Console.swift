import Foundation
import SchemaGate
import SchemaGateBasics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes. Every byte passes the one redaction (`Redactor`) on its way
/// out. The real console writes through to the file descriptors at once (a plugin host
/// reads a pipe, and block-buffered output would arrive late or never) with
/// `DescriptorWriter`, which records a failed write instead of crashing; `Tool.run` turns
/// that into exit 2. Tests use a capturing one.
package final class Console: @unchecked Sendable {
    /// One destination: where bytes go, and the write that failed there, if any.
    struct Stream {
        var write: (UnsafeRawBufferPointer) -> Void
        var failure: () -> WriteFailure?
    }

    private let output: Stream
    private let error: Stream
    private let redactedOutput: RedactingStream
    private let redactedError: RedactingStream
    /// Whether stdout is a terminal (decides colour).
    package let isTerminal: Bool
    /// What must never leave the process (set by `Tool.run` from the environment).
    package let redactor: Redactor

    package convenience init(isTerminal: Bool = false, out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.init(
            isTerminal: isTerminal,
            output: Stream(write: { out(String(decoding: $0, as: UTF8.self)) }, failure: { nil }),
            error: Stream(write: { err(String(decoding: $0, as: UTF8.self)) }, failure: { nil }),
            redactor: Redactor(secrets: []))
    }

    init(isTerminal: Bool, output: Stream, error: Stream, redactor: Redactor) {
        self.isTerminal = isTerminal
        self.output = output
        self.error = error
        self.redactor = redactor
        redactedOutput = RedactingStream(redactor: redactor, sink: output.write)
        redactedError = RedactingStream(redactor: redactor, sink: error.write)
    }

    /// The process's stdout and stderr. Call once, at start: it also makes a write to a
    /// closed pipe fail with EPIPE instead of killing the tool with SIGPIPE (children get
    /// the default disposition back when they start), and gives a standard descriptor
    /// that was closed at start `/dev/null`, so no file the tool opens later takes its
    /// number; writes meant for it still count as failed.
    package static func standard() -> Console {
        signal(SIGPIPE, SIG_IGN)
        let closed = StandardDescriptors.reopenClosed()
        let stdout = DescriptorWriter(descriptor: STDOUT_FILENO, destination: "standard output",
                                      failed: closed.contains(STDOUT_FILENO) ? EBADF : nil)
        let stderr = DescriptorWriter(descriptor: STDERR_FILENO, destination: "standard error",
                                      failed: closed.contains(STDERR_FILENO) ? EBADF : nil)
        return Console(
            isTerminal: !closed.contains(STDOUT_FILENO) && isatty(STDOUT_FILENO) == 1,
            output: Stream(write: { stdout.write($0) }, failure: { stdout.failure }),
            error: Stream(write: { stderr.write($0) }, failure: { stderr.failure }),
            redactor: Redactor(secrets: []))
    }

    /// The same destinations, redacting what `redactor` names.
    package func redacting(_ redactor: Redactor) -> Console {
        Console(isTerminal: isTerminal, output: output, error: error, redactor: redactor)
    }

    package func out(_ text: String) { redactedOutput.write(Array(text.utf8)) }
    /// UTF-8 output (megabytes of JSON) where it is, without the copies a String would make.
    package func out(utf8 bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        redactedOutput.write(bytes)
    }
    package func err(_ text: String) { redactedError.write(Array(text.utf8)) }
    /// One line: a control character in `text` (a name or path it shows, a child's output)
    /// is printed escaped (`TerminalText`), so it cannot end the line or hide what follows.
    package func line(_ text: String) { out(TerminalText.escaped(text) + "\n") }
    package func errorLine(_ text: String) { err(TerminalText.escaped(text) + "\n") }

    /// Lets out the few bytes redaction held back in case a secret continued.
    package func flush() {
        redactedOutput.flush()
        redactedError.flush()
    }

    /// The first failed write to stdout, if any.
    package var outputFailure: WriteFailure? { output.failure() }
    /// The first failed write to stderr, if any.
    package var errorFailure: WriteFailure? { error.failure() }
}

/// The standard descriptors 0, 1 and 2 as the tool found them.
enum StandardDescriptors {
    /// Opens `/dev/null` on each standard descriptor that is closed and returns those.
    static func reopenClosed() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD, 0) == -1 && errno == EBADF {
            closed.insert(descriptor)
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        return closed
    }
}

/// A console that keeps what was written, for tests and for reports written to files.
package final class CapturingConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    package private(set) lazy var console = Console(
        isTerminal: false,
        out: { [unowned self] text in lock.withLock { outText += text } },
        err: { [unowned self] text in lock.withLock { errText += text } })

    package init() {}

    package var stdout: String { lock.withLock { outText } }
    package var stderr: String { lock.withLock { errText } }
}
