import Foundation

/// A stand-in for `xcrun cktool export-schema` that takes a fixed time per export (the
/// round trip a real export waits on) and then writes the schema it was given for that
/// environment: running exports at once shows as the gate's wall time against the sum of
/// the same exports run one after another.
enum SlowCKTool {
    /// Writes `bin/xcrun` and the two schemas under `directory`; returns the xcrun's path.
    static func install(at directory: String, seconds: Double, production: String, development: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        try production.write(toFile: directory + "/production.ckdb", atomically: false, encoding: .utf8)
        try development.write(toFile: directory + "/development.ckdb", atomically: false, encoding: .utf8)
        let xcrun = directory + "/bin/xcrun"
        let script = """
            #!/bin/sh
            [ "$1" = cktool ] && [ "$2" = export-schema ] || { echo "slow cktool: only export-schema is served" >&2; exit 64; }
            output="" environment=""
            while [ $# -gt 0 ]; do
              case "$1" in --output-file) output="$2"; shift ;; --environment) environment="$2"; shift ;; esac
              shift
            done
            sleep \(seconds)
            cp "\(directory)/$environment.ckdb" "$output"

            """
        try script.write(toFile: xcrun, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun)
        return xcrun
    }
}
