/// The one list of folders no walk of an app's sources enters: the model reader, lint,
/// the project survey and change detection all ask here, so they see the same files.
///
/// What Xcode and SwiftPM projects keep beside their own sources: build products
/// (`build`, `DerivedData`, `.build`), dependency checkouts (`Pods`, `Carthage`,
/// `node_modules`, `vendor`, `.swiftpm`), per-user Xcode state (`xcuserdata`), every hidden
/// folder (`.git`, `.build`, `.swiftpm`...), and bundles Xcode manages whose sources are
/// not the app's (projects, workspaces, asset catalogs, playgrounds, frameworks, apps).
/// A folder named explicitly is read whatever its name; the list applies below it.
package enum SkippedFolders {
    package static let names: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor", "xcuserdata"]
    package static let suffixes = [".xcodeproj", ".xcworkspace", ".xcassets", ".playground", ".xcframework", ".framework", ".app"]

    /// Whether a walk leaves out a folder of this name.
    package static func skips(_ name: some StringProtocol) -> Bool {
        (name.hasPrefix(".") && name != "." && name != "..") || names.contains(String(name))
            || suffixes.contains { name.hasSuffix($0) }
    }

    /// Whether a relative path (a file's, its last component the file) lies in a folder
    /// that a walk from where the path starts would leave out.
    package static func containsFolder(of relativePath: some StringProtocol) -> Bool {
        relativePath.split(separator: "/").dropLast().contains { skips($0) }
    }
}
