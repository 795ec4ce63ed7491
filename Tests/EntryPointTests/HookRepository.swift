import Foundation
import TestSupport

/// A temporary repository with the hooks installed by the real `cloudkit-schema install-hooks`,
/// a bare `origin`, and (unless the real tool is wanted) a stand-in tool that records each call:
/// its arguments, directory, HEAD, the files it can see and the content of `Item.swift`.
final class HookRepository: @unchecked Sendable {
    let dir: TemporaryDirectory
    let remote: TemporaryDirectory
    let support: TemporaryDirectory
    /// Added to every git call (and so to the hooks): the stand-in or the real tool.
    var environment: [String: String?]
    var stub: String { support.file("bin/cloudkit-schema") }
    /// Where the fake xcrun (tool: .real) finds `<environment>.ckdb`.
    var exports: String { support.file("exports") }

    /// What the stand-in prints for `config --get key`.
    func answer(_ key: String, _ value: String) {
        support.write("answers/\(key)", value + "\n")
    }

    func serve(development: String, production: String) {
        support.write("exports/development.ckdb", development)
        support.write("exports/production.ckdb", production)
    }

    /// How the hooks find a tool: the stand-in through CLOUDKIT_SCHEMA or on PATH, nothing at
    /// all (a PATH with only git and a shell), or the real built binary.
    enum Tool { case stub, stubOnPath, none, real }

    /// `toolStatus`: what the stand-in exits with. Asked `config --get KEY`, it prints the
    /// answer `answer(KEY, ...)` left (nothing by default) and exits with `configStatus`.
    /// `root`: put the repository, the remote, the tools, `TMPDIR` and `HOME` there (nil:
    /// the system temp dir and this process's).
    init(toolStatus: Int32 = 0, configStatus: Int32 = 0, tool: Tool = .stub, under root: SymlinkedRoot? = nil) throws {
        let parent = try root?.directory("tmp")
        dir = TemporaryDirectory("hookrepo", in: parent)
        remote = TemporaryDirectory("remote", in: parent)
        support = TemporaryDirectory("hooktool", in: parent)
        let log = support.file("calls")
        support.writeExecutable("bin/cloudkit-schema", """
            #!/bin/sh
            {
              printf 'CALL\\n'; printf 'ARG %s\\n' "$@"; printf 'DIR %s\\n' "$(pwd -P)"
              printf 'HEAD %s\\n' "$(git rev-parse HEAD 2>/dev/null)"
              printf 'INDEX %s\\n' "${GIT_INDEX_FILE:-}"
              find . -path ./.git -prune -o -type f -print | sed 's|^\\./|FILE |' | sort
              [ -f Item.swift ] && sed 's/^/ITEM /' Item.swift
              [ -f App/Models/Item.swift ] && sed 's/^/ITEM /' App/Models/Item.swift
            } >>'\(log)'
            if [ "$1" = config ] && [ "$2" = --get ]; then
              cat '\(support.path)/answers/'"$3" 2>/dev/null
              exit \(configStatus)
            fi
            # config --release-tag=TAG...: the tags the answered tagPattern selects (all without one).
            if [ "$1" = config ] && [ "${2#--release-tag=}" != "$2" ]; then
              pattern=$(cat '\(support.path)/answers/tagPattern' 2>/dev/null)
              shift
              for arg in "$@"; do
                tag=${arg#--release-tag=}
                case $tag in ${pattern:-*}) printf '%s\n' "$tag" ;; esac
              done
              exit \(configStatus)
            fi
            exit \(toolStatus)
            """)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment = [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "SKIP_CLOUDKIT_SCHEMA_CHECK": nil, "CLOUDKIT_SCHEMA_PACKAGE": nil,
            "CLOUDKIT_SCHEMA": nil, "PATH": path,
        ]
        for (name, value) in try root?.environment() ?? [:] { environment[name] = value }
        switch tool {
        case .stub: environment["CLOUDKIT_SCHEMA"] = stub
        case .stubOnPath: environment["PATH"] = support.file("bin") + ":" + Self.systemPath
        case .none: environment["PATH"] = Self.systemPath
        case .real:
            // The real tool, the fake xcrun first on PATH, and a token the gate must never print.
            support.writeExecutable("fakebin/xcrun", FakeXcrun.script)
            try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
            environment["CLOUDKIT_SCHEMA"] = cloudkitSchemaBinary
            environment["PATH"] = support.file("fakebin") + ":" + path
            environment[FakeXcrun.exportsVariable] = exports
            environment["CLOUDKIT_MANAGEMENT_TOKEN"] = ContractCommands.token
        }
        try git(["init", "-q", "-b", "main"])
        _ = try runChecked("git", ["init", "-q", "--bare"], in: remote.path)
        try git(["remote", "add", "origin", remote.path])
        let install = try runProcess(cloudkitSchemaBinary, ["install-hooks"], in: dir.path, environment: environment)
        guard install.status == 0 else { throw HookTestError("install-hooks failed: \(install.output)") }
        if tool != .real {
            // install-hooks recorded this package's own build (the real tool); the stand-in
            // tests are about the lookup without a record.
            for key in ["cloudkit-schema.package", "cloudkit-schema.tool"] { _ = try? run(["config", "--unset", key]) }
        }
        try git(["commit", "-q", "--allow-empty", "-m", "initial"])
    }

    /// PATH with git and a shell but no cloudkit-schema and no swift.
    static var systemPath: String { "/usr/local/bin:/usr/bin:/bin" }

    @discardableResult
    func git(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> String {
        try runChecked("git", arguments, in: dir.path, environment: extra)
    }

    /// Stages everything (unless told not to) and commits, returning the result: the hook may block it.
    @discardableResult
    func commit(_ message: String, addAll: Bool = true, environment extra: [String: String?] = [:]) throws -> ProcessResult {
        if addAll { try git(["add", "-A"]) }
        return try run(["commit", "-q", "-m", message], environment: extra)
    }

    func push(_ refs: [String], environment extra: [String: String?] = [:]) throws -> ProcessResult {
        try run(["push", "-q", "origin"] + refs, environment: extra)
    }

    /// Runs an installed hook directly (with what is staged now), for its own exit status.
    func runHook(_ name: String, stdin: String = "", environment extra: [String: String?] = [:]) throws -> ProcessResult {
        try runProcess(dir.file(".git/hooks/\(name)"), [], in: dir.path, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    func remoteTags() throws -> [String] {
        try runChecked("git", ["tag", "--list"], in: remote.path).split(separator: "\n").map(String.init)
    }

    func run(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> ProcessResult {
        try runProcess("git", arguments, in: dir.path, environment: environment.merging(extra) { $1 })
    }

    private func runChecked(_ tool: String, _ arguments: [String], in directory: String, environment extra: [String: String?] = [:]) throws -> String {
        let result = try runProcess(tool, arguments, in: directory, environment: environment.merging(extra) { $1 })
        guard result.status == 0 else { throw HookTestError("\(tool) \(arguments.joined(separator: " ")) failed: \(result.output)") }
        return result.stdout
    }

    struct Call {
        var arguments: [String] = []
        var directory = ""
        var head = ""
        var files: [String] = []
        var snapshot = ""
        /// GIT_INDEX_FILE as the tool saw it ("" when unset).
        var indexFile = ""
    }

    /// The stand-in's calls, in order.
    func toolCalls() -> [Call] {
        guard let log = support.read("calls") else { return [] }
        var calls: [Call] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "CALL" { calls.append(Call()); continue }
            guard !calls.isEmpty, let space = line.firstIndex(of: " ") else { continue }
            let value = String(line[line.index(after: space)...])
            switch line[..<space] {
            case "ARG": calls[calls.count - 1].arguments.append(value)
            case "DIR": calls[calls.count - 1].directory = value
            case "HEAD": calls[calls.count - 1].head = value + "\n"
            case "FILE": calls[calls.count - 1].files.append(value)
            case "ITEM": calls[calls.count - 1].snapshot += value + "\n"
            case "INDEX": calls[calls.count - 1].indexFile = value
            default: break
            }
        }
        return calls
    }
}

struct HookTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
