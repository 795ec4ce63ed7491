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
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK), Int32(DT_UNKNOWN): kind = Self.kind(of: directory + "/" + name)
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return .success(entries.sorted { $0.name < $1.name })
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
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno
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
