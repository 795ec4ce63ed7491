/// Turns the targets a user selected (`--target NAME`, or the targets ticked in Xcode's
/// plugin dialog) into directories for the tool's `--models` option.
public enum TargetDirectories {
    /// The package's targets of those names become directories (each target's, then those
    /// of the targets it depends on in this package and its local packages, as the plugin
    /// lists them); the other names are left for the tool, which knows the targets of the
    /// Xcode projects in the repository and the local packages they link
    /// (`cloudkit-schema --target NAME`), so `swift package --package-path Tools lint-models
    /// --target MyApp` selects the app's sources. In the order given, without duplicates.
    public static func split(
        _ names: [String], in available: [(name: String, directories: [String])]
    ) -> (directories: [String], xcodeTargets: [String]) {
        var directories: [String] = [], xcodeTargets: [String] = []
        for name in names {
            if let match = available.first(where: { $0.name == name }) {
                for directory in match.directories where !directories.contains(directory) { directories.append(directory) }
            } else if !xcodeTargets.contains(name) {
                xcodeTargets.append(name)
            }
        }
        return (directories, xcodeTargets)
    }
}
