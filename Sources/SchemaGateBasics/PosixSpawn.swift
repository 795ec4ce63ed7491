#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `posix_spawn` call, set up the same way on every system: the product's children
/// (through `Spawner`), the plugins' one child (`ToolRunner`) and the benchmark's peers
/// start here.
///
/// The plugins compile this file as their own source (a per-file symlink in
/// Sources/PluginSupport): a plugin cannot depend on a library target. A plugin is built
/// without a package name, so this file and `LibCSymbol.swift` use `public` where the rest
/// of this module uses `package`, and import nothing but the C library.
///
/// The shape follows SwiftPM's `AsyncProcess.launch()` (Sources/Basics/Concurrency/
/// AsyncProcess.swift): on Darwin the file actions and attributes are opaque pointers,
/// nil until `posix_spawn_*_init`; on Linux they are structs. Everything after their
/// declaration is the same code on both, so building on Linux type-checks it.
public enum PosixSpawn {
    /// What the child's descriptors become before it runs, in order.
    public enum FileAction: Sendable {
        /// `dup2(from, to)`.
        case duplicate(Int32, to: Int32)
        /// `open(path, flags, mode)` as descriptor `descriptor`.
        case open(Int32, path: String, flags: Int32, mode: mode_t)
        /// `close(descriptor)`.
        case close(Int32)
    }

    /// Starts `path` (absolute, or looked up on PATH with `searchPath`). Returns the pid,
    /// or the error number posix_spawn (or a file action) gave.
    public static func spawn(
        _ path: String, arguments: [String], environment: [String: String],
        fileActions actions: [FileAction], workingDirectory: String? = nil,
        newProcessGroup: Bool, searchPath: Bool = false
    ) -> Result<pid_t, SpawnErrno> {
        var fileActions = emptyFileActions()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for action in actions {
            let result: Int32
            switch action {
            case .duplicate(let from, let to): result = posix_spawn_file_actions_adddup2(&fileActions, from, to)
            case .open(let descriptor, let file, let flags, let mode):
                result = posix_spawn_file_actions_addopen(&fileActions, descriptor, file, flags, mode)
            case .close(let descriptor): result = posix_spawn_file_actions_addclose(&fileActions, descriptor)
            }
            guard result == 0 else { return .failure(SpawnErrno(result)) }
        }
        if let workingDirectory {
            let result = addChangeDirectory(&fileActions, workingDirectory)
            guard result == 0 else { return .failure(SpawnErrno(result)) }
        }

        var attributes = emptyAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No blocked signals and default dispositions: the tool's own handlers (and any
        // signal its parent ignores) must not reach the child.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var mostSignals = resettableSignals()
        posix_spawnattr_setsigdefault(&attributes, &mostSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup {
            // Its own process group, so the child and everything it starts can be stopped together.
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = searchPath
            ? posix_spawnp(&pid, path, &fileActions, &attributes, argv, envp)
            : posix_spawn(&pid, path, &fileActions, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(SpawnErrno(result))
    }

    /// Calls `attempt` (one spawn) again while it fails with ETXTBSY, backing off for up
    /// to about 3 s: a just-written script is still open for writing in a child that
    /// another thread started meanwhile (it inherited the descriptor), until that child
    /// execs or exits. `pause` sleeps that many microseconds (a test's seam).
    public static func retryingBusyText(
        pause: (UInt32) -> Void = { _ = usleep($0) }, _ attempt: () -> Result<pid_t, SpawnErrno>
    ) -> Result<pid_t, SpawnErrno> {
        var attempts = 0
        while true {
            attempts += 1
            let result = attempt()
            guard case .failure(let error) = result, error.code == ETXTBSY, attempts < busyTextAttempts else { return result }
            pause(UInt32(min(25_000 * attempts, 250_000)))
        }
    }

    /// How often `retryingBusyText` tries in all.
    public static let busyTextAttempts = 16

    /// An error number from posix_spawn, with its text.
    public struct SpawnErrno: Error, Equatable, Sendable {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var reason: String { String(cString: strerror(code)) }
    }

    #if canImport(Darwin)
    // AsyncProcess.launch(): `var fileActions: posix_spawn_file_actions_t? = nil` and
    // `var attributes: posix_spawnattr_t? = nil` on Darwin.
    typealias FileActions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?
    static func emptyFileActions() -> FileActions { nil }
    static func emptyAttributes() -> Attributes { nil }

    /// AsyncProcess.launch() on Darwin: `posix_spawn_file_actions_addchdir_np` is declared
    /// by the SDK (macOS 10.15+) and called directly. A plugin may be compiled for an older
    /// macOS than the package, hence the availability check.
    static func addChangeDirectory(_ actions: inout FileActions, _ directory: String) -> Int32 {
        guard #available(macOS 10.15, *) else { return ENOSYS }
        return posix_spawn_file_actions_addchdir_np(&actions, directory)
    }

    /// AsyncProcess.launch() on Darwin: every signal but SIGKILL and SIGSTOP.
    static func resettableSignals() -> sigset_t {
        var signals = sigset_t()
        sigfillset(&signals)
        sigdelset(&signals, SIGKILL)
        sigdelset(&signals, SIGSTOP)
        return signals
    }
    #else
    typealias FileActions = posix_spawn_file_actions_t
    typealias Attributes = posix_spawnattr_t
    static func emptyFileActions() -> FileActions { posix_spawn_file_actions_t() }
    static func emptyAttributes() -> Attributes { posix_spawnattr_t() }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+), looked up at run time because
    /// the glibc headers Swift imports do not declare it.
    private static let addChdirFunction: AddChdir? = LibCSymbol.address("posix_spawn_file_actions_addchdir_np")
        .map { unsafeBitCast($0, to: AddChdir.self) }

    static func addChangeDirectory(_ actions: inout FileActions, _ directory: String) -> Int32 {
        guard let addChdirFunction else { return ENOSYS }
        return addChdirFunction(&actions, directory)
    }

    /// AsyncProcess.launch() on Linux: only signals that may be reset (1 up to SIGSYS,
    /// without SIGKILL and SIGSTOP).
    static func resettableSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in 1..<SIGSYS where number != SIGKILL && number != SIGSTOP {
            sigaddset(&signals, number)
        }
        return signals
    }
    #endif
}
