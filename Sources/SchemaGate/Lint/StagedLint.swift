import Foundation

/// `lint --staged`: what a commit records, read from the index (not the working tree), so
/// the pre-commit hook decides nothing itself. The staged files lint reads (chosen by the
/// same names `lint` walks for), the whole Core Data bundle of any staged model file, and
/// the index's entitlements, Info.plists and `.cloudkit-schema.json` (the project rules
/// and rule severities need them) are checked out of the index into a scratch folder,
/// which is linted as `lint --models .` lints a checkout, then removed.
public struct StagedSnapshot: Sendable {
    /// The scratch folder: the repository's layout, holding only what was checked out.
    public let directory: String
    /// The staged files lint reads (repository-relative).
    public let staged: [String]
    /// The staged configuration inside the snapshot, when the index has one.
    public let configurationFile: String?

    /// Checks the staged content out; nil when the index stages nothing lint reads.
    /// `environment` keeps `GIT_INDEX_FILE`: `git commit -a` and `git commit PATH` commit
    /// from an index of their own, and that is the content to lint.
    public static func make(workingDirectory: String, environment: [String: String]) throws(LintError) -> StagedSnapshot? {
        let repository: GitRepository
        do {
            repository = try GitRepository(containing: workingDirectory, environment: environment)
        } catch {
            throw .input("lint --staged reads the git index: \(error.message)")
        }
        let staged: [String], indexed: [String]
        do {
            staged = try repository.fields(["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--no-renames"])
            indexed = try repository.fields(["ls-files", "-z", "--cached"])
        } catch {
            throw .setup("could not list the staged files: \(error.message)")
        }
        let inputs = staged.filter(LintScope.readsByName)
        guard !inputs.isEmpty else { return nil }
        let bundles = Set(inputs.compactMap(LintScope.modelBundle))
        let checkout = Set(inputs + indexed.filter { path in
            LintScope.isPropertyList(path) || path == ConfigFile.fileName
                || LintScope.modelBundle(of: path).map(bundles.contains) == true
        }).sorted()
        let directory = try scratchDirectory(environment)
        let input = Data(checkout.map { $0 + "\0" }.joined().utf8)
        let arguments = ["checkout-index", "-f", "-z", "--stdin", "--prefix=\(directory)/"]
        do throws(GitError) {
            try repository.run(arguments, input: input)
        } catch {
            remove(directory)
            throw .setup("could not check the staged files out of the index: \(error.message)")
        }
        let configuration = directory + "/" + ConfigFile.fileName
        return StagedSnapshot(
            directory: directory, staged: inputs,
            configurationFile: FileManager.default.fileExists(atPath: configuration) ? configuration : nil)
    }

    /// Removes the scratch folder (only the one `make` created).
    public func remove() {
        Self.remove(directory)
    }

    private static func remove(_ directory: String) {
        ScratchFolder.remove(directory)
    }

    /// A fresh folder under TMPDIR, by the tool's one TMPDIR rule (and removed on a signal).
    private static func scratchDirectory(_ environment: [String: String]) throws(LintError) -> String {
        do {
            return try ScratchFolder.create(prefix: "cloudkit-schema-staged-", environment: environment)
        } catch {
            throw .setup("the staged files cannot be checked out: \(error.message)")
        }
    }
}
