import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the tool and waits for it. The child inherits this process's standard streams,
/// so its output reaches SwiftPM (or Xcode) as it is written, not when the plugin ends.
///
/// posix_spawn and waitpid, not Foundation's Process: on Linux (Swift 6.3) `Process.run()`
/// intermittently crashes (see SchemaGate's Spawner). The plugins cannot link SchemaGate,
/// hence this small copy for the one child a plugin starts.
public enum ToolRunner {
    public static func run(_ invocation: ToolInvocation) throws(ToolLaunchError) -> ToolTermination {
        // A plugin's stdout is a pipe, hence block-buffered: anything the plugin printed must
        // leave before the child's output, or the log reads out of order.
        fflush(nil)  // every C stream; naming `stdout` is not concurrency-safe in Swift 6
        let pid = try spawn(invocation)
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
        guard result == pid else {
            throw ToolLaunchError(invocation: invocation, reason: "waiting for it failed: \(String(cString: strerror(errno)))")
        }
        // The <sys/wait.h> macros are not imported: low 7 bits are the signal, then the status.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    static func spawn(_ invocation: ToolInvocation) throws(ToolLaunchError) -> pid_t {
        guard let addChdir = addChdirFunction else {
            throw ToolLaunchError(invocation: invocation, reason: "posix_spawn_file_actions_addchdir_np is missing on this system")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        _ = addChdir(&actions, invocation.workingDirectory)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default dispositions for signals a parent may ignore (SIGPIPE), and no blocked signals.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = ([invocation.executable] + invocation.arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, invocation.executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ToolLaunchError(invocation: invocation, reason: String(cString: strerror(result)))
        }
        return pid
    }

    #if canImport(Darwin)
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t?>, UnsafePointer<CChar>) -> Int32
    #else
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    #endif

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29+, macOS 10.15+), looked up at run
    /// time because the C headers the toolchain imports do not always declare it.
    private static let addChdirFunction: AddChdir? = {
        #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let handle = dlopen(nil, RTLD_NOW)
        #endif
        guard let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()
}

/// The tool could not be started at all (missing executable, bad working directory).
public struct ToolLaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    public var invocation: ToolInvocation
    public var reason: String

    public init(invocation: ToolInvocation, reason: String) {
        self.invocation = invocation
        self.reason = reason
    }

    public var description: String {
        "could not start \(invocation.executable) in \(invocation.workingDirectory) (\(reason)); "
            + "run 'swift build --product \(PluginVerb.toolName)' to see whether the tool builds"
    }
}
