import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files the tool writes, through `DescriptorWriter`. Two kinds:
///
/// * Exact files (a Production snapshot, a formatted schema, a starter configuration, the
///   initializer source, a git hook) must say exactly what they hold, so one that would
///   contain the management token is not written at all: with the token replaced it
///   would be a different schema or program, and with it the token would be exposed (and
///   committed). They are all written by `replace`, the one way the tool replaces a file:
///   a file that exists keeps its permissions, and a symbolic link (dangling or not) or
///   anything but a regular file is refused, never written through or replaced, so a
///   link planted in a repository cannot point a write outside it.
/// * Appended reports (`GITHUB_STEP_SUMMARY`) are redacted by the caller like any report.
///   They are opened so that the open cannot block (a FIFO without a reader would hang
///   the tool forever), and only a regular file is written.
package enum OutputFile {
    package enum Failure: Error, Equatable, Sendable {
        /// The content contains a secret (`Redactor`); nothing was written.
        case exposesSecret
        /// The path names a FIFO, device, socket or directory.
        case notRegularFile(kind: String)
        /// The path is a symbolic link (to `target`), which `replace` never writes through.
        case symbolicLink(target: String)
        case posix(code: Int32)

        /// Why, in a few words, for a message that goes on with the fix.
        package var reason: String {
            switch self {
            case .exposesSecret:
                return "it would contain the value of \(CKToolRunner.tokenVariable)"
            case .notRegularFile(let kind):
                return "it is \(kind), not a regular file"
            case .symbolicLink(let target):
                return "it is a symbolic link (to \(target)), and the tool never writes through a link"
            case .posix(let code):
                return String(cString: strerror(code))
            }
        }
    }

    /// Replaces `path` with `text` atomically (a temporary file in the same directory,
    /// then rename), creating missing folders; refused when `text` contains a secret.
    package static func writeExact(_ text: String, to path: String, redactor: Redactor) throws(Failure) {
        let bytes = Array(text.utf8)
        guard !redactor.exposes(bytes: bytes) else { throw .exposesSecret }
        try replace(path, with: bytes)
    }

    /// Replaces `path` with `bytes` atomically; the caller has decided the content is safe.
    /// The new file gets `mode` when given, else the permissions of the file it replaces
    /// (a new one: 0666 less the umask). A symbolic link or a non-regular file at `path`
    /// is refused.
    package static func replace(_ path: String, with bytes: [UInt8], mode: mode_t? = nil) throws(Failure) {
        var existing = stat()
        var keptMode: mode_t?
        if lstat(path, &existing) == 0 {
            if existing.st_mode & S_IFMT == S_IFLNK {
                throw .symbolicLink(target: (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "an unreadable target")
            }
            if let kind = nonRegularKind(existing.st_mode) { throw .notRegularFile(kind: kind) }
            keptMode = existing.st_mode & 0o7777
        }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .posix(code: (error as NSError).underlyingPOSIXCode ?? EACCES)
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).cloudkit-schema-\(UUID().uuidString.prefix(8))").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .posix(code: errno) }
        let writer = DescriptorWriter(descriptor: descriptor, destination: temporary)
        writer.write(bytes)
        // fchmod is not narrowed by the umask: the replaced file's mode is kept exactly.
        let modeCode = (mode ?? keptMode).map { fchmod(descriptor, $0) == 0 ? nil : errno } ?? nil
        let closeCode = close(descriptor) == 0 ? nil : errno
        if let code = writer.failure?.code ?? modeCode ?? closeCode {
            unlink(temporary)
            throw .posix(code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .posix(code: code)
        }
    }

    /// Appends `text` to the regular file at `path` (created when missing). The open is
    /// non-blocking, so a FIFO without a reader fails at once (ENXIO) instead of hanging,
    /// and anything but a regular file is refused before a byte is written.
    package static func append(_ text: String, to path: String) throws(Failure) {
        if let kind = nonRegularKind(atPath: path) { throw .notRegularFile(kind: kind) }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            // ENXIO: a FIFO nobody reads (it replaced the file after the check above).
            throw errno == ENXIO ? .notRegularFile(kind: "a FIFO without a reader") : .posix(code: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .posix(code: errno) }
        if let kind = nonRegularKind(info.st_mode) { throw .notRegularFile(kind: kind) }
        let writer = DescriptorWriter(descriptor: descriptor, destination: path)
        writer.write(Array(text.utf8))
        if let failure = writer.failure { throw .posix(code: failure.code) }
    }

    /// What `path` is when it exists and is not a regular file (symbolic links followed).
    private static func nonRegularKind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return nonRegularKind(info.st_mode)
    }

    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "an unknown kind of file"
        }
    }
}

private extension NSError {
    var underlyingPOSIXCode: Int32? {
        if domain == NSPOSIXErrorDomain { return Int32(code) }
        return (userInfo[NSUnderlyingErrorKey] as? NSError)?.underlyingPOSIXCode
    }
}
