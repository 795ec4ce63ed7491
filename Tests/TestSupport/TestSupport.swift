import Foundation
import ModelSource
import SchemaGate
import SchemaGateBasics

/// Shared helpers for every test target: temporary directories, running real
/// processes (the built `cloudkit-schema`, git, swift), and writing files.

/// A fresh directory under the system temp dir, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path) }

    /// - Parameter parent: where to create it, spelled as given (a `SymlinkedRoot` directory);
    ///   nil for the system temp dir.
    public init(_ label: String = "ckschema", in parent: String? = nil) {
        let name = "\(label)-\(UUID().uuidString.prefix(8))"
        if let parent {
            path = parent + "/" + name
            try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return
        }
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Canonical (macOS /var -> /private/var) so paths compare equal to what git and the
        // tool print; Foundation's resolving would drop the /private again.
        path = CanonicalPath(base.path).path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `contents` at `relative` (creating folders) and returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ contents: String) -> String {
        write(relative, data: Data(contents.utf8))
    }

    @discardableResult
    public func write(_ relative: String, data: Data) -> String {
        let url = self.url.appendingPathComponent(relative)
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: url)
        return url.path
    }

    /// Writes an executable script. Its descriptor is close-on-exec: a child another test
    /// starts meanwhile must not inherit it, or running the script fails with ETXTBSY
    /// ("Text file busy") for as long as that child lives.
    @discardableResult
    /// Writes an executable the tests then run. The file is written by a child (`cp`), never
    /// through a descriptor of this process: a test process forks from many threads at once,
    /// and a child forked while this process held the file open for writing would keep it
    /// open until it execs, making an `exec` of the file fail with ETXTBSY ("Text file busy").
    public func writeExecutable(_ relative: String, _ contents: String) -> String {
        let path = file(relative)
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let draft = path + ".draft"
        let descriptor = open(draft, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "cannot write \(draft)")
        let bytes = Array(contents.utf8)
        precondition(writeAll(descriptor, bytes), "short write to \(draft)")
        close(descriptor)
        unlink(path)
        let copied = try? runProcess("/bin/cp", [draft, path])
        precondition(copied?.status == 0, "cannot copy \(draft) to \(path): \(copied?.output ?? "")")
        unlink(draft)
        chmod(path, 0o755)
        return path
    }

    public func file(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    public func read(_ relative: String) -> String? {
        try? String(contentsOfFile: file(relative), encoding: .utf8)
    }
}

/// One `write` of all of `bytes` (a regular file takes them in one call).
private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
}

public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var output: String { stdout + stderr }
}

/// Runs an executable to completion (no shell), capturing both streams, through the
/// product's own `ProcessRunner` (Foundation's `Process.run()` crashes intermittently on
/// Linux with Swift 6.3). `environment` entries are added to (or, with nil values,
/// removed from) the current environment.
@discardableResult
public func runProcess(
    _ executable: String, _ arguments: [String], in directory: String? = nil,
    environment: [String: String?] = [:], stdin: String? = nil, timeout: TimeInterval = 600
) throws -> ProcessResult {
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let request = ProcessRequest(
        executable: executable, arguments: arguments, environment: env, workingDirectory: directory,
        timeout: timeout, standardInput: stdin.map { Data($0.utf8) },
        // A test gives the token to the tool it runs, to check the tool keeps it in.
        receivesManagementToken: true)
    let result = try ProcessRunner.run(request)
    return ProcessResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
}

/// The absolute path of a command on PATH.
public func which(_ name: String) throws -> String {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw NSError(domain: "TestSupport", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(name) not on PATH"])
}

/// The directory holding built products (`cloudkit-schema`, the .xctest bundle).
public let productsDirectory: String = {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().path
    }
    return Bundle.main.bundleURL.path
}()

/// The built `cloudkit-schema` executable, for end-to-end tests of the real binary.
public var cloudkitSchemaBinary: String { productsDirectory + "/cloudkit-schema" }

/// The package root (this file is Tests/TestSupport/TestSupport.swift).
public let packageRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Runs git in `directory` with a fixed identity and no user config, failing loudly.
@discardableResult
public func git(_ arguments: [String], in directory: String) throws -> String {
    let result = try runProcess("git", arguments, in: directory, environment: [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
    ])
    guard result.status == 0 else {
        throw NSError(domain: "git", code: Int(result.status), userInfo: [
            NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed: \(result.stderr)"])
    }
    return result.stdout
}

/// Removes the folder of an export the tool kept for a bug report, but only a
/// `cloudkit-schema-export-*` folder directly inside the temp dir: a test must never be
/// able to delete anything else (a relative path once resolved to the package checkout).
public func removeKeptExport(_ file: String) {
    let folder = CanonicalPath((file as NSString).deletingLastPathComponent)
    guard file.hasPrefix("/"), (folder.path as NSString).lastPathComponent.hasPrefix("cloudkit-schema-export-"),
          CanonicalPath(folder.path + "/..") == CanonicalPath(NSTemporaryDirectory()) else { return }
    try? FileManager.default.removeItem(atPath: folder.path)
}
