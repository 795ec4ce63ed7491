import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders the tool needs for a moment (cktool writes each export into one), made with
/// `mkdtemp` (mode 0700) under the TMPDIR of the environment the tool was given.
///
/// TMPDIR is used only when it is an absolute path to an existing directory; unset or
/// empty means `/tmp`; anything else is an error with the fix. The tool never creates
/// TMPDIR itself (a relative one would put folders inside the work tree). An interrupt
/// removes every folder still registered here.
package enum ScratchFolder {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: Set<String> = []
    nonisolated(unsafe) private static var closed = false

    /// The directory scratch folders go into.
    package static func base(environment: [String: String]) throws(ScratchFolderError) -> String {
        guard let value = environment["TMPDIR"], !value.isEmpty else { return "/tmp" }
        guard value.hasPrefix("/") else { throw .relative(value) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missing(value)
        }
        return value
    }

    /// A new empty folder `<base>/<prefix>XXXXXXXX`, registered until `remove` or `keep`.
    static func create(prefix: String, environment: [String: String]) throws(ScratchFolderError) -> String {
        let base = try base(environment: environment)
        var template = Array("\(base.hasSuffix("/") ? String(base.dropLast()) : base)/\(prefix)XXXXXXXX".utf8CString)
        lock.lock()
        if closed {
            lock.unlock()
            Interruption.park()
        }
        defer { lock.unlock() }
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let path = made else { throw .notCreatable(base, reason: String(cString: strerror(errno))) }
        live.insert(path)
        OrphanGuard.watch(folder: path)
        return path
    }

    /// Removes the folder and everything in it.
    static func remove(_ path: String) {
        lock.withLock { _ = live.remove(path) }
        try? FileManager.default.removeItem(atPath: path)
        OrphanGuard.release(folder: path)
    }

    /// Leaves the folder for the user (an export kept for a bug report).
    static func keep(_ path: String) {
        lock.withLock { _ = live.remove(path) }
        OrphanGuard.release(folder: path)
    }

    /// Removes every registered folder; nothing new is made after this (an interrupt).
    static func removeAll() {
        let folders = lock.withLock {
            closed = true
            defer { live = [] }
            return live
        }
        for folder in folders {
            try? FileManager.default.removeItem(atPath: folder)
            OrphanGuard.release(folder: folder)
        }
    }
}

/// TMPDIR cannot hold the tool's scratch folders. A setup problem (exit 2).
package enum ScratchFolderError: Error, Equatable, Sendable, ActionableError {
    case relative(String)
    case missing(String)
    case notCreatable(String, reason: String)

    package var category: ErrorCategory { .setup }

    package var message: String {
        switch self {
        case .relative(let value):
            return "TMPDIR is '\(value)', a relative path, so temporary folders would land inside the current directory: set TMPDIR to an existing absolute directory (for example TMPDIR=/tmp), or unset it to use /tmp"
        case .missing(let value):
            return "TMPDIR is '\(value)', which is not an existing directory (the tool never creates it): create it, set TMPDIR to an existing absolute directory, or unset it to use /tmp"
        case .notCreatable(let base, let reason):
            return "cannot create a temporary folder in \(base) (\(reason)): make it writable, or set TMPDIR to a writable directory"
        }
    }
}
