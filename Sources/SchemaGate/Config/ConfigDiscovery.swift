import Foundation
import ModelSource
import SchemaGateBasics

/// Finds `.cloudkit-schema.json`: `--config PATH` when given, else the nearest one in
/// the working directory or a directory above it.
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
        // Up the real directories, as git finds the repository: the file found is in the
        // spelling git prints for the root.
        var directory = CanonicalPath(workingDirectory).path
        while true {
            let candidate = directory == "/" ? "/" + ConfigFile.fileName : directory + "/" + ConfigFile.fileName
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            if directory == "/" { return nil }
            directory = (directory as NSString).deletingLastPathComponent
        }
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
