import Foundation

/// Where a command writes. The real one writes through to file descriptors at once
/// (a plugin host reads a pipe, and block-buffered output would arrive late or never);
/// tests use a capturing one.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Whether stdout is a terminal (decides colour).
    public let isTerminal: Bool

    public init(isTerminal: Bool = false, out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeErr = err
    }

    public static func standard() -> Console {
        Console(
            isTerminal: isatty(STDOUT_FILENO) == 1,
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    public func out(_ text: String) { writeOut(text) }
    public func err(_ text: String) { writeErr(text) }
    public func line(_ text: String) { writeOut(text + "\n") }
    public func errorLine(_ text: String) { writeErr(text + "\n") }
}

/// A console that keeps what was written, for tests and for reports written to files.
public final class CapturingConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    public private(set) lazy var console = Console(
        isTerminal: false,
        out: { [unowned self] text in lock.withLock { outText += text } },
        err: { [unowned self] text in lock.withLock { errText += text } })

    public init() {}

    public var stdout: String { lock.withLock { outText } }
    public var stderr: String { lock.withLock { errText } }
}
