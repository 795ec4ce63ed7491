import Foundation

/// Finds an executable the way a shell would, but on the PATH of a given environment
/// (not this process's), so tests can put a fake tool first on PATH.
package enum ExecutableLocator {
    package static func locate(
        _ name: String, environment: [String: String], workingDirectory: String? = nil
    ) throws(ProcessLaunchError) -> String {
        let fileManager = FileManager.default
        if name.contains("/") {
            let path = name.hasPrefix("/") || workingDirectory == nil
                ? name : URL(fileURLWithPath: workingDirectory!).appendingPathComponent(name).path
            guard fileManager.fileExists(atPath: path) else { throw .notFound(name, searchedPath: nil) }
            guard isExecutableFile(path) else { throw .notExecutable(path) }
            return path
        }
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(directory)/\(name)"
            if isExecutableFile(candidate) { return candidate }
        }
        throw .notFound(name, searchedPath: searchPath)
    }

    /// Whether `name` resolves, without the error.
    package static func find(_ name: String, environment: [String: String]) -> String? {
        try? locate(name, environment: environment)
    }

    static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue && FileManager.default.isExecutableFile(atPath: path)
    }
}
