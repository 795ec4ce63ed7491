import Foundation

/// Where a command writes. The real one writes through to file descriptors at once
/// (a plugin host reads a pipe, and block-buffered output would arrive late or never);
/// tests use a capturing one.
public final class Console: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Writes UTF-8 bytes to stdout as they are; nil sends them through `writeOut`.
    private let writeOutBytes: (([UInt8]) -> Void)?
    /// Whether stdout is a terminal (decides colour).
    public let isTerminal: Bool

    public convenience init(isTerminal: Bool = false, out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.init(isTerminal: isTerminal, out: out, outBytes: nil, err: err)
    }

    private init(isTerminal: Bool, out: @escaping (String) -> Void, outBytes: (([UInt8]) -> Void)?, err: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeOutBytes = outBytes
        self.writeErr = err
    }

    public static func standard() -> Console {
        Console(
            isTerminal: isatty(STDOUT_FILENO) == 1,
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            outBytes: { bytes in bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) } },
            err: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    public func out(_ text: String) { writeOut(text) }
    /// UTF-8 output (megabytes of JSON) without the copies a String and a Data would make.
    public func out(utf8 bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if let writeOutBytes { writeOutBytes(bytes) } else { writeOut(String(decoding: bytes, as: UTF8.self)) }
    }
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
