/// Turns the targets a user selected (`--target NAME`, or the targets ticked in Xcode's
/// plugin dialog) into directories for the tool's `--models` option.
public enum TargetDirectories {
    /// The package's targets of those names become directories; the other names are left
    /// for the tool, which knows the app targets of the Xcode projects in the repository
    /// (`cloudkit-schema --target NAME`), so `swift package --package-path Tools lint-models
    /// --target MyApp` selects the app's sources. In the order given, without duplicates.
    public static func split(
        _ names: [String], in available: [(name: String, directory: String)]
    ) -> (directories: [String], xcodeTargets: [String]) {
        var directories: [String] = [], xcodeTargets: [String] = []
        for name in names {
            if let match = available.first(where: { $0.name == name }) {
                if !directories.contains(match.directory) { directories.append(match.directory) }
            } else if !xcodeTargets.contains(name) {
                xcodeTargets.append(name)
            }
        }
        return (directories, xcodeTargets)
    }

    /// The deepest directory containing every file, or nil for no files.
    /// Used for Xcode targets, which list files rather than one source directory.
    public static func commonAncestor(of files: [String]) -> String? {
        let directories = files.map { path -> [Substring] in
            Array(path.split(separator: "/", omittingEmptySubsequences: true).dropLast())
        }
        guard var common = directories.first else { return nil }
        for components in directories.dropFirst() {
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    /// Looks each name up in `available` (name -> directory), in the order given.
    public static func resolve(
        _ names: [String], in available: [(name: String, directory: String)]
    ) throws(UnknownTargetError) -> [String] {
        var directories: [String] = []
        for name in names {
            guard let match = available.first(where: { $0.name == name }) else {
                throw UnknownTargetError(name: name, available: available.map(\.name))
            }
            if !directories.contains(match.directory) { directories.append(match.directory) }
        }
        return directories
    }
}

public struct UnknownTargetError: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var available: [String]

    public init(name: String, available: [String]) {
        self.name = name
        self.available = available
    }

    public var description: String {
        let list = available.isEmpty ? "none" : available.sorted().joined(separator: ", ")
        return "no target named '\(name)' in this project; targets: \(list)"
    }
}
