import Foundation
import TestSupport
import Testing

/// The install channels of README "Install", run for real: `make install` / `uninstall`
/// into a temporary prefix and `swift package experimental-install` into a temporary
/// HOME, each followed by the installed binary running. Both build into one scratch
/// directory in this package's .build (debug, to keep the suite short; the channels'
/// default is release), so the tool is built once per checkout and reused.
/// Mint and mise build the package's executable products with SwiftPM; the manifest
/// test checks that the one they install is `cloudkit-schema`. Homebrew installs only
/// from a tap, so its formula is a template whose shape is checked here.
@Suite(.serialized, .waitsOnProcesses) struct InstallChannelTests {
    static let scratch = packageRoot + "/.build/install-e2e"

    static var version: String { get throws { try runProcess(cloudkitSchemaBinary, ["--version"]).stdout } }

    /// A command README "Install" shows, split into words: the tests run it as shown, plus
    /// only what keeps it inside a temporary directory and this checkout's scratch build.
    static func readmeCommand(_ command: String) throws -> [String] {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let shown = readme.contains("`\(command)`")
        #expect(shown, "README \"Install\" no longer shows `\(command)`: test what it shows")
        return command.split(separator: " ").map(String.init)
    }

    @Test func makeInstallsIntoThePrefixAndUninstallRemovesOnlyTheTool() throws {
        let prefix = TemporaryDirectory("make-install")
        prefix.write("bin/other-tool", "kept\n")
        // From a clone: the Makefile's path is relative to the checkout.
        let shown = try Self.readmeCommand("make -f Docs/install/Makefile install PREFIX=/usr/local")
        let options = ["CONFIGURATION=debug", "SWIFT_BUILD_FLAGS=--scratch-path " + Self.scratch]
        let arguments = shown.dropFirst().map { $0.hasPrefix("PREFIX=") ? "PREFIX=" + prefix.path : $0 } + options
        let install = try runProcess(shown[0], arguments, in: packageRoot)
        #expect(install.status == 0, "\(install.output)")
        let installed = prefix.file("bin/cloudkit-schema")
        let run = try runProcess(installed, ["--version"])
        #expect(try run.status == 0 && run.stdout == Self.version, "\(run.output)")
        #expect(try runProcess(installed, ["lint", "--list-rules"]).stdout.contains("unique-constraint"))

        let uninstall = try runProcess(shown[0], arguments.map { $0 == "install" ? "uninstall" : $0 }, in: packageRoot)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(!FileManager.default.fileExists(atPath: installed))
        #expect(prefix.read("bin/other-tool") == "kept\n")
    }

    /// SwiftPM installs into `~/.swiftpm/bin`, or `$XDG_CONFIG_HOME/swiftpm/bin` when that is
    /// set; its home is the account's, not `$HOME`, on Linux. So the test sets
    /// XDG_CONFIG_HOME: the only way to keep the install inside its temporary directory.
    @Test func experimentalInstallPutsTheToolInSwiftPMsBin() throws {
        let home = TemporaryDirectory("spm-install-home")
        let environment: [String: String?] = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.file("config"), "XDG_CACHE_HOME": home.file("cache"),
        ]
        // `swift package <verb> …` as shown, with the checkout, scratch path and configuration added.
        func swiftPackage(_ shown: [String], _ added: [String] = []) throws -> ProcessResult {
            try runProcess(
                shown[0], ["package", "--package-path", packageRoot, "--scratch-path", Self.scratch, shown[2]] + added + shown.dropFirst(3),
                environment: environment)
        }
        let installShown = try Self.readmeCommand("swift package experimental-install --product cloudkit-schema")
        let uninstallShown = try Self.readmeCommand("swift package experimental-uninstall cloudkit-schema")
        let install = try swiftPackage(installShown, ["-c", "debug"])
        var uninstalled = false
        defer { if !uninstalled { _ = try? swiftPackage(uninstallShown) } }
        #expect(install.status == 0, "\(install.output)")
        let installed = home.file("config/swiftpm/bin/cloudkit-schema")
        #expect(install.stdout.contains("installed to \(installed)"), "\(install.stdout)")
        let run = try runProcess(installed, ["--version"])
        #expect(try run.status == 0 && run.stdout == Self.version, "\(run.output)")

        let uninstall = try swiftPackage(uninstallShown)
        uninstalled = uninstall.status == 0
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(!FileManager.default.fileExists(atPath: installed))
    }

    /// What Mint and mise's `spm:` backend install: the manifest's executable products.
    @Test func theOnlyExecutableProductIsTheTool() throws {
        // Never this package's own .build: `swift test` holds its lock while the tests run.
        let dump = try runProcess("swift", ["package", "--package-path", packageRoot, "--scratch-path", Self.scratch, "dump-package"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let products = (manifest["products"] as? [[String: Any]]) ?? []
        let executables = products.filter { ($0["type"] as? [String: Any])?["executable"] != nil }.compactMap { $0["name"] as? String }
        #expect(executables == ["cloudkit-schema"])
        let plugins = products.filter { ($0["type"] as? [String: Any])?["plugin"] != nil }.compactMap { $0["name"] as? String }
        #expect(plugins.contains("CloudKitModelLint"))
    }

    /// The formula builds from source with the Makefile above (SwiftPM's sandbox off, as in
    /// Homebrew's own Swift formulae), and its test runs the installed binary.
    @Test func theHomebrewFormulaBuildsWithTheMakefile() throws {
        let formula = try String(contentsOfFile: packageRoot + "/Docs/install/cloudkit-schema.rb", encoding: .utf8)
        #expect(formula.contains("class CloudkitSchema < Formula"), "Homebrew's class name for cloudkit-schema.rb")
        #expect(formula.contains("head \"https://github.com/"))
        #expect(formula.contains("system \"make\", \"-f\", \"Docs/install/Makefile\", \"install\", \"PREFIX=#{prefix}\""))
        #expect(formula.contains("SWIFT_BUILD_FLAGS=--disable-sandbox"))
        #expect(formula.contains("shell_output(\"#{bin}/cloudkit-schema --version\")"), "its test runs the installed binary")
        // A release's binary prints the release's version, which Homebrew reads from the tag
        // the formula's url names: the tag is the version exactly (Docs/releasing.md).
        #expect(formula.contains("assert_equal version.to_s, printed"))
        #expect(formula.contains("tag: \"X.Y.Z\", revision: "))
        let opened = formula.components(separatedBy: "\n").filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return line.hasPrefix("class ") || line.hasPrefix("def ") || line.hasPrefix("if ") || line.hasSuffix(" do")
        }.count
        let closed = formula.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces) == "end" }.count
        #expect(opened == closed, "every class, def and do block is closed")
    }
}
