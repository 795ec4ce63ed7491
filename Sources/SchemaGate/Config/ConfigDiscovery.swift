import Foundation

/// Finds `.cloudkit-schema.json`: `--config PATH` when given, else the nearest one in
/// the working directory or a directory above it.
public enum ConfigDiscovery {
    public static func locate(explicitPath: String?, workingDirectory: String) throws(ConfigError) -> String? {
        let fileManager = FileManager.default
        if let explicitPath {
            let path = absolute(explicitPath, relativeTo: workingDirectory)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(explicitPath) }
            if isDirectory.boolValue {
                let inside = URL(fileURLWithPath: path).appendingPathComponent(ConfigFile.fileName).path
                guard fileManager.fileExists(atPath: inside) else { throw .notFound(inside) }
                return inside
            }
            return path
        }
        var directory = URL(fileURLWithPath: absolute(workingDirectory, relativeTo: "/")).standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent(ConfigFile.fileName).path
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = directory.deletingLastPathComponent().standardizedFileURL
            if parent.path == directory.path || directory.path == "/" { return nil }
            directory = parent
        }
    }

    /// Reads and parses a configuration file.
    public static func load(_ path: String) throws(ConfigError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: FileManager.default.isReadableFile(atPath: path) ? "unknown error" : "permission denied")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: path, reason: "not UTF-8 text")
        }
        return try ConfigFile.parse(text, file: path)
    }

    static func absolute(_ path: String, relativeTo base: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
