import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one writer every output path uses: stdout, stderr, the step summary and the files
/// the tool writes. It calls write(2) until every byte is out, again after EINTR and short
/// writes, and waits with poll(2) when a non-blocking descriptor is full. The first error
/// is kept and later writes are skipped, so the command ends in exit 2 saying what was
/// lost, instead of crashing (Foundation's `FileHandle.write` traps on any error).
package final class DescriptorWriter: @unchecked Sendable {
    package let descriptor: Int32
    /// What the descriptor is, for messages: `standard output`, a file's path.
    package let destination: String
    private let lock = NSLock()
    private var errorNumber: Int32?

    /// - Parameter failed: an error the descriptor already has (a standard stream that
    ///   was closed when the tool started).
    package init(descriptor: Int32, destination: String, failed: Int32? = nil) {
        self.descriptor = descriptor
        self.destination = destination
        self.errorNumber = failed
    }

    /// The first failed write, if any.
    package var failure: WriteFailure? {
        lock.withLock { errorNumber.map { WriteFailure(destination: destination, code: $0) } }
    }

    /// Writes all of `bytes`; false when this or an earlier write failed.
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes(write)
    }

    /// Writes all of `buffer`; false when this or an earlier write failed.
    @discardableResult
    package func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        lock.withLock {
            guard errorNumber == nil else { return false }
            errorNumber = writeAll(buffer)
            return errorNumber == nil
        }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = posixWrite(descriptor, base + offset, buffer.count - offset)
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                waitUntilWritable()
                continue
            }
            return code
        }
        return nil
    }

    /// A non-blocking descriptor (a parent may leave stdout so) that is full: wait like a
    /// blocking write would; an error or hang-up shows in the next write.
    private func waitUntilWritable() {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }
}

/// A write that failed: where to, and the system's error.
package struct WriteFailure: Error, Equatable, Sendable {
    package var destination: String
    package var code: Int32

    package var reason: String { String(cString: strerror(code)) }
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
