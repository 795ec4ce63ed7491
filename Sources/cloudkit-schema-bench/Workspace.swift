import Foundation
import SchemaGate
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The benchmark's own temporary directory, made with mkdtemp (a fresh, unique name, so
/// it can never be an existing folder). It is the only thing the benchmark ever deletes.
struct Workspace {
    let path: String

    init() throws {
        // The tool's own rule: TMPDIR only when it is an existing absolute directory.
        let base: String
        do {
            base = try ScratchFolder.base(environment: ProcessInfo.processInfo.environment) + "/"
        } catch {
            throw BenchError(error.message)
        }
        var template = Array((base + "ckschema-bench-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else {
            throw BenchError("cannot create a temporary directory under \(base): \(String(cString: strerror(errno)))")
        }
        path = made
    }

    /// Removes the directory mkdtemp created, and nothing else.
    func remove() {
        guard path.contains("/ckschema-bench-") else { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
