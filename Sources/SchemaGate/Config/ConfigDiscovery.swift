import Foundation
import ModelSource
import SchemaGateBasics

/// Finds `.cloudkit-schema.json`: `--config PATH` when given, else the nearest one in
/// the working directory or a directory above it up to the project's root
/// (`ProjectRoot`); outside a git work tree, only the working directory's.
package enum ConfigDiscovery {
    package static func locate(explicitPath: String?, workingDirectory: String) throws(ConfigError) -> String? {
        let fileManager = FileManager.default
        if let explicitPath {
            let path = UserPath.absolute(explicitPath, in: workingDirectory)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(explicitPath) }
            if isDirectory.boolValue {
                let inside = URL(fileURLWithPath: path).appendingPathComponent(ConfigFile.fileName).path
                guard fileManager.fileExists(atPath: inside) else { throw .notFound(inside) }
                return inside
            }
            return path
        }
        // Up the real directories to the project's root and never above it: a directory
        // above the project (a shared workspace, /tmp) is anyone's to write.
        for directory in ProjectRoot.searchedDirectories(from: workingDirectory) {
            let candidate = directory == "/" ? "/" + ConfigFile.fileName : directory + "/" + ConfigFile.fileName
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        return nil
    }

    /// Reads and parses a configuration file.
    package static func load(_ path: String) throws(ConfigError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: FileManager.default.isReadableFile(atPath: path) ? "unknown error" : "permission denied")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: path, reason: "not UTF-8 text")
        }
        return try ConfigFile.parse(text, file: path)
    }
}
