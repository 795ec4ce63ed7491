import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// Where the hooks find the tool, as install-hooks records it in the repository's git
/// configuration (the hooks read `cloudkit-schema.package` and `cloudkit-schema.tool`):
/// the Swift package the running tool was built in (`swift run --package-path Tools
/// cloudkit-schema install-hooks` runs `Tools/.build/<triple>/debug/cloudkit-schema`), or,
/// for a binary built elsewhere, the binary itself.
enum ToolLocation: Equatable {
    /// A package directory: relative to the repository root when inside it.
    case package(String)
    /// An absolute path to the executable.
    case binary(String)

    static let packageKey = "cloudkit-schema.package"
    static let toolKey = "cloudkit-schema.tool"

    /// What to record for the executable at `path` (absolute), in a repository at `root`.
    static func of(executable path: String, repositoryRoot root: String) -> ToolLocation {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if let build = components.lastIndex(of: ".build"), build > 0 {
            let package = components[..<build].joined(separator: "/")
            let directory = package.isEmpty ? "/" : package
            if FileManager.default.fileExists(atPath: directory + "/Package.swift") {
                if let relative = CanonicalPath(root).relativePath(of: CanonicalPath(directory)) {
                    return .package(relative.isEmpty ? "." : relative)
                }
                return .package(directory)
            }
        }
        return .binary(path)
    }

    /// How to run this same tool again from the working directory, for the fixes doctor
    /// prints: `swift run --package-path <its package> cloudkit-schema` when it was built in
    /// a package (`swift run cloudkit-schema` in the package itself), `cloudkit-schema` when
    /// the shell found it on PATH or it cannot tell, else its path.
    static func invocation(_ context: CommandContext, repositoryRoot root: String) -> String {
        guard let argv0 = context.executable, argv0.contains("/"),
              let executable = executable(argv0, context) else { return "cloudkit-schema" }
        switch of(executable: executable, repositoryRoot: root) {
        case .package(let directory):
            let shown = UserPath.display(UserPath.absolute(directory, in: root), from: context.workingDirectory)
            return shown == "." ? "swift run cloudkit-schema" : "swift run --package-path \(shellWord(shown)) cloudkit-schema"
        case .binary(let path):
            return shellWord(UserPath.display(path, from: context.workingDirectory))
        }
    }

    /// A word as `/bin/sh` reads it: as it is when plain, else single-quoted.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) || "/._-+,=:@%".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The executable `argv[0]` names, found as the shell found it.
    static func executable(_ argv0: String?, _ context: CommandContext) -> String? {
        guard let argv0, !argv0.isEmpty else { return nil }
        guard let path = try? ExecutableLocator.locate(argv0, environment: context.environment, workingDirectory: context.workingDirectory)
        else { return nil }
        return UserPath.absolute(path, in: context.workingDirectory)
    }

    /// Writes the location (and clears the other key, which the hooks would try first).
    func record(in repository: GitRepository) throws(GitError) {
        switch self {
        case .package(let directory):
            try repository.run(["config", Self.packageKey, directory])
            _ = try repository.attempt(["config", "--unset", Self.toolKey])
        case .binary(let path):
            try repository.run(["config", Self.toolKey, path])
            _ = try repository.attempt(["config", "--unset", Self.packageKey])
        }
    }

    /// The location in words, for messages.
    var shown: String {
        switch self {
        case .package(let directory): return "the package \(directory)"
        case .binary(let path): return path
        }
    }

    /// What the repository records now, as the hooks read it (the binary first), or nil.
    static func recorded(in repository: GitRepository) -> ToolLocation? {
        func value(_ key: String) -> String? {
            guard let result = try? repository.attempt(["config", key]), result.status == 0 else { return nil }
            let text = result.stdout.trimmingCharacters(in: .newlines)
            return text.isEmpty ? nil : text
        }
        return value(toolKey).map(ToolLocation.binary) ?? value(packageKey).map(ToolLocation.package)
    }

    /// Why the hooks could not run this location any more (moved or deleted), or nil when
    /// they can: the hooks' own tests (`-x` for a binary, a `Package.swift` for a package).
    func missing(repositoryRoot root: String) -> String? {
        switch self {
        case .binary(let path):
            return FileManager.default.isExecutableFile(atPath: path) ? nil : "not an executable file (moved or deleted)"
        case .package(let directory):
            let absolute = UserPath.absolute(directory, in: root)
            return FileManager.default.fileExists(atPath: absolute + "/Package.swift") ? nil : "a folder without Package.swift"
        }
    }

    /// Whether both name the same tool: the same kind, at the same canonical path.
    func isSame(as other: ToolLocation, repositoryRoot root: String) -> Bool {
        switch (self, other) {
        case (.binary(let one), .binary(let two)):
            return CanonicalPath(one, relativeTo: root) == CanonicalPath(two, relativeTo: root)
        case (.package(let one), .package(let two)):
            return CanonicalPath(one, relativeTo: root) == CanonicalPath(two, relativeTo: root)
        default:
            return false
        }
    }

    /// The location and its key, as the hooks read it.
    var recordedAs: String {
        switch self {
        case .package(let directory): return "the package \(directory) (git config \(Self.packageKey))"
        case .binary(let path): return "\(path) (git config \(Self.toolKey))"
        }
    }

    /// What install-hooks says it recorded.
    var description: String {
        switch self {
        case .package(let directory):
            return "The hooks run cloudkit-schema from the package \(directory) (recorded: git config \(Self.packageKey) \(directory))."
        case .binary(let path):
            return "The hooks run \(path) (recorded: git config \(Self.toolKey) \(path))."
        }
    }
}
