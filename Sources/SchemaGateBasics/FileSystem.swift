import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions the model reader asks, answered with POSIX calls: an
/// app has thousands of files, and FileManager's per-call overhead (path bridging,
/// attribute dictionaries, realpath) would cost more than reading them. The model reader,
/// change detection, lint and the project survey walk and read through it.
package enum FileSystem {
    /// What a path is once symbolic links are followed.
    package enum Kind: Equatable {
        case directory
        /// Gone, or a symbolic link to nothing.
        case missing
        /// A regular file, FIFO, device...: the reader decides what to do with it.
        case other
    }

    package struct Entry: Equatable {
        package var name: String
        package var kind: Kind
        /// Whether the kind was found by following a symbolic link, or may have been (the
        /// file system did not record the entry's type).
        package var mayBeLink = false
    }

    package enum ReadError: Error, Equatable {
        case missing, notRegular, unreadable
    }

    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    /// The entries of a directory (without `.` and `..`), sorted by name as Swift sorts
    /// strings. The entry type comes from the directory itself; only symbolic links (and
    /// file systems that do not record types) cost a `stat`.
    package static func list(_ directory: String) -> Result<[Entry], Error> {
        guard let stream = opendir(directory) else {
            // FileManager's error, for the message users already know from it.
            do {
                _ = try FileManager.default.contentsOfDirectory(atPath: directory)
                return .failure(CocoaError(.fileReadUnknown))
            } catch {
                return .failure(error)
            }
        }
        defer { closedir(stream) }
        var entries: [Entry] = []
        // Every name's bytes one after another, and where each is, while all are ASCII.
        var names: [UInt8] = [], spans: [Range<Int>] = [], allASCII = true
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.prefix { $0 != 0 }
                if bytes.count <= 2 && bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                if allASCII && bytes.allSatisfy({ $0 < 0x80 }) {
                    spans.append(names.count..<names.count + bytes.count)
                    names.append(contentsOf: bytes)
                } else {
                    allASCII = false
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            guard let name else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): entries.append(Entry(name: name, kind: .directory))
            case Int32(DT_LNK), Int32(DT_UNKNOWN): entries.append(Entry(name: name, kind: kind(of: directory + "/" + name), mayBeLink: true))
            default: entries.append(Entry(name: name, kind: .other))
            }
        }
        return .success(allASCII ? sortedInByteOrder(entries, names: names, spans: spans) : entries.sorted { $0.name < $1.name })
    }

    /// ASCII names in Swift's string order are in byte order: compared as bytes (memcmp),
    /// a comparison costs a few instructions where comparing the strings costs hundreds,
    /// and a walk sorts every directory. `spans[i]` is where entry i's name is in `names`.
    private static func sortedInByteOrder(_ entries: [Entry], names: [UInt8], spans: [Range<Int>]) -> [Entry] {
        names.withUnsafeBufferPointer { names in
            let order = entries.indices.sorted { first, second in
                let (a, b) = (spans[first], spans[second])
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(names.baseAddress! + a.lowerBound, names.baseAddress! + b.lowerBound, common)
                return order == 0 ? a.count < b.count : order < 0
            }
            return order.map { entries[$0] }
        }
    }

    /// A directory's entries as names and whether each is a directory (links followed),
    /// sorted; nil when it cannot be listed. For walks outside this module (the project survey).
    package static func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard case .success(let entries) = list(directory) else { return nil }
        return entries.compactMap { $0.kind == .missing ? nil : ($0.name, $0.kind == .directory) }
    }

    /// The bytes of a regular file (following symbolic links). Opening never blocks: a FIFO
    /// is opened non-blocking and then refused as not regular.
    package static func readRegularFile(_ path: String) -> Result<[UInt8], ReadError> {
        readRegularFile(opened: open(path, readFlags), path: path)
    }

    /// Non-blocking, so that a FIFO is refused, not waited on.
    fileprivate static var readFlags: Int32 { O_RDONLY | O_NONBLOCK | O_CLOEXEC }

    /// The bytes of the file just opened on `descriptor` (closed here); `path` tells why
    /// the open failed, if it did.
    fileprivate static func readRegularFile(opened descriptor: Int32, path: @autoclosure () -> String) -> Result<[UInt8], ReadError> {
        guard descriptor >= 0 else {
            let reason = errno, path = path()
            if reason == ENOENT || reason == ENOTDIR || reason == ELOOP { return .failure(.missing) }
            switch kind(of: path) {
            case .missing: return .failure(.missing)
            case .directory: return .failure(.notRegular)
            case .other: return .failure(isRegular(path) ? .unreadable : .notRegular)
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
        // The size is a hint: a file that grows or shrinks while read is still read whole.
        var bytes: [UInt8] = []
        var room = max(Int(info.st_size), 0) + 1
        while true {
            guard let (piece, atEnd) = readSome(descriptor, upTo: room) else { return .failure(.unreadable) }
            if bytes.isEmpty { bytes = piece } else { bytes += piece }
            if atEnd { return .success(bytes) }
            room = max(bytes.count, 4096)
        }
    }

    /// Up to `limit` bytes read straight into the array's memory (zeroing it first would
    /// write every byte once more), and whether the file ended; nil on a read error.
    private static func readSome(_ descriptor: Int32, upTo limit: Int) -> (bytes: [UInt8], atEnd: Bool)? {
        var atEnd = false, failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, count in
            while count < limit {
                let result = read(descriptor, buffer.baseAddress! + count, limit - count)
                if result > 0 {
                    count += result
                    // A regular file reads short only at its end: no second read to see EOF
                    // (one system call in five, over thousands of files).
                    if count < limit {
                        atEnd = true
                        return
                    }
                } else if result == 0 {
                    atEnd = true
                    return
                } else if errno != EINTR {
                    failed = true
                    return
                }
            }
        }
        return failed ? nil : (bytes, atEnd)
    }

    private static func isRegular(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// A directory held open while its files are read. A file opened relative to it (openat(2))
/// costs the kernel one name to look up, where opening it by path looks up every directory
/// of the path again, for every file. Held through a `DirectoryHolder`, which bounds how
/// many are open at once.
package final class OpenDirectory: @unchecked Sendable {
    private let descriptor: Int32
    private let holder: DirectoryHolder

    fileprivate init(_ descriptor: Int32, holder: DirectoryHolder) {
        self.descriptor = descriptor
        self.holder = holder
    }

    deinit {
        close(descriptor)
        holder.giveBack()
    }

    /// `FileSystem.readRegularFile` of the file `name` in this directory; `path` (the
    /// file's path) tells why it cannot be read, if it cannot.
    package func readRegularFile(named name: String, path: @autoclosure () -> String) -> Result<[UInt8], FileSystem.ReadError> {
        FileSystem.readRegularFile(opened: openat(descriptor, name, FileSystem.readFlags), path: path())
    }
}

/// Hands out open directories, at most `limit` at once: each is a descriptor (a Mac's
/// default limit is 256 for the whole process), and a walk can run far ahead of its reads.
package final class DirectoryHolder: @unchecked Sendable {
    /// The process's holder: the model reader's walk holds its directories here.
    package static let process = DirectoryHolder(limit: 64)

    private let limit: Int
    private let lock = NSLock()
    private var held = 0

    package init(limit: Int) {
        self.limit = limit
    }

    /// How many are held now.
    package var count: Int { lock.withLock { held } }

    /// The directory at `path` held open, or nil when `limit` are held already or it cannot
    /// be opened (its files are then read by path).
    package func hold(_ path: String) -> OpenDirectory? {
        let taken = lock.withLock {
            guard held < limit else { return false }
            held += 1
            return true
        }
        guard taken else { return nil }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            giveBack()
            return nil
        }
        return OpenDirectory(descriptor, holder: self)
    }

    fileprivate func giveBack() {
        lock.withLock { held -= 1 }
    }
}
