import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a killed tool leaves behind is cleaned up by a watcher: SIGKILL cannot be caught,
/// so `Interruption` never runs, and cktool (in a process group of its own) and the export
/// folder would stay. With the first child or scratch folder the executable starts a small
/// `/bin/sh` in a process group of its own whose standard input is a pipe only the tool
/// holds open (close-on-exec, so no child inherits it). The tool tells it each process
/// group and scratch folder as it makes one and again once it is gone. When the tool ends,
/// however it ends, the kernel closes the pipe; the watcher reads the end of it, kills
/// the groups still registered with SIGKILL and removes the folders still registered.
/// After a normal end nothing is registered and it just exits.
///
/// Why not PR_SET_PDEATHSIG (Docs/Processes.md): posix_spawn cannot set it, it reaches only
/// the direct child (not the group cktool's own children are in), it fires when the
/// spawning thread ends rather than the process, and it cannot remove a folder. The pipe
/// works the same on Linux and macOS.
///
/// Only the executable enables it (`enable`); in-process runs (tests) start no watcher.
package enum OrphanGuard {
    private enum State {
        case off, enabled
        /// The write end of the watcher's pipe.
        case running(Int32)
        case failed
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var state = State.off
    nonisolated(unsafe) private static var folderIDs: [String: Int] = [:]
    nonisolated(unsafe) private static var nextFolderID = 0

    /// From now on, children and scratch folders are watched (the watcher starts with the
    /// first of them).
    package static func enable() {
        lock.withLock { if case .off = state { state = .enabled } }
    }

    static func watch(group pid: pid_t) { send("+g \(pid)") }
    static func release(group pid: pid_t) { send("-g \(pid)") }

    static func watch(folder path: String) {
        lock.withLock {
            nextFolderID += 1
            folderIDs[path] = nextFolderID
            // Every byte as a three-digit octal escape, which the watcher's printf decodes:
            // a path may hold any byte but NUL, a line in the pipe must not.
            let encoded = path.utf8.map { "\\" + String($0, radix: 8).leftPadded(to: 3) }.joined()
            sendLocked("+d \(nextFolderID) \(encoded)")
        }
    }

    static func release(folder path: String) {
        lock.withLock {
            guard let id = folderIDs.removeValue(forKey: path) else { return }
            sendLocked("-d \(id)")
        }
    }

    private static func send(_ line: String) {
        lock.withLock { sendLocked(line) }
    }

    private static func sendLocked(_ line: String) {
        let descriptor: Int32
        switch state {
        case .off, .failed: return
        case .running(let running): descriptor = running
        case .enabled:
            guard let started = start() else {
                state = .failed
                return
            }
            state = .running(started)
            descriptor = started
        }
        let bytes = Array((line + "\n").utf8)
        // Non-blocking: a watcher that stopped reading must never stop the tool.
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count {
            close(descriptor)
            state = .failed
        }
    }

    /// Starts the watcher; the write end of its pipe, or nil when it cannot start (the
    /// tool then runs as it did without it).
    private static func start() -> Int32? {
        guard let pipe = try? Spawner.makePipe() else { return nil }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(pipe.read)
            if null >= 0 { close(null) }
        }
        guard null >= 0, (try? Spawner.spawn(
            "/bin/sh", arguments: ["-c", script, "cloudkit-schema-orphan-guard"], environment: ["PATH": "/usr/bin:/bin"],
            workingDirectory: "/", descriptors: .init(input: pipe.read, output: null, error: null), label: "/bin/sh")) != nil
        else {
            close(pipe.write)
            return nil
        }
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        return pipe.write
    }

    /// The watcher. `+g PGID`/`-g PGID` register and release a process group, `+d ID PATH`
    /// (PATH octal-escaped)/`-d ID` a folder. At the end of its input: SIGKILL to every
    /// group left, then the folders left are removed (again, up to three times a second
    /// apart, while a killed group is still going).
    static let script = #"""
        trap '' HUP INT QUIT TERM PIPE
        groups=' ' folders=' '
        while IFS= read -r line; do
            id=${line#?? }; id=${id%% *}
            case $id in ''|*[!0-9]*) continue ;; esac
            case $line in
            '+g '*) groups="$groups$id " ;;
            '-g '*) case $groups in *" $id "*) groups="${groups%% $id *} ${groups#* $id }" ;; esac ;;
            '+d '*) eval "folder_$id=\${line#+d $id }"; folders="$folders$id " ;;
            '-d '*) case $folders in *" $id "*) folders="${folders%% $id *} ${folders#* $id }" ;; esac ;;
            esac
        done
        for group in $groups; do kill -s KILL -- "-$group" 2>/dev/null; done
        for attempt in 1 2 3; do
            for id in $folders; do
                eval "encoded=\$folder_$id"
                path=$(printf "${encoded}x")
                rm -rf -- "${path%x}"
            done
            alive=''
            for group in $groups; do kill -s 0 -- "-$group" 2>/dev/null && alive=1; done
            [ -z "$alive" ] && break
            sleep 1
        done
        """#
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
