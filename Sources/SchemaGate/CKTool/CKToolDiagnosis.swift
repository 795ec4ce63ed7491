import Foundation

/// Turns what cktool (or xcrun) printed on failure into one actionable error.
///
/// cktool's messages are not documented; these are the texts seen in the wild
/// ("authorization-failed" for a wrong team or token, "Session has expired or is
/// invalid" for an old token, xcrun's "unable to find utility"). Anything else is
/// reported with cktool's own first line, never swallowed.
enum CKToolDiagnosis {
    static func diagnose(
        _ result: ProcessResult, command: CKToolCommand, teamID: String?, containerID: String?
    ) -> CKToolError {
        let text = (result.stderr + "\n" + result.stdout).lowercased()
        func has(_ needles: String...) -> Bool { needles.contains { text.contains($0) } }

        if has("unable to find utility") || (result.status == 72 && has("cktool")) {
            return .cktoolNotFound
        }
        if has("session has expired", "token has expired", "expired token", "invalid token", "token is invalid", "token is expired") {
            return .invalidToken
        }
        if has("no token", "token not found", "missing token", "no management token", "token is required", "no saved token")
            || (text.contains("token") && has("not found", "missing", "save-token", "required")) {
            return .noToken
        }
        if text.contains("container") && has("not found", "does not exist", "unknown container", "invalid container", "no such container", "bad-container", "not-found") {
            return .containerNotFound(teamID: teamID, containerID: containerID)
        }
        if has("authorization-failed", "authorization failed", "not authorized", "unauthorized", "authentication failed",
               "authentication-failed", "forbidden", "permission denied", "access denied", "status code 401", "status code 403")
            || (text.contains("team") && has("not found", "invalid", "unknown", "does not exist")) {
            return .authorizationFailed(teamID: teamID, containerID: containerID)
        }
        if has("network", "offline", "could not connect", "couldn't connect", "cannot connect", "timed out", "nsurlerrordomain",
               "could not resolve", "dns", "connection refused", "connection was lost", "unknown host", "ssl error", "-1009", "-1001", "-1004") {
            return .network(detail: firstLine(result))
        }
        return .failed(subcommand: command.subcommand, status: result.status, detail: firstLine(result),
                       commandLine: displayCommandLine(command))
    }

    /// The first meaningful line cktool printed, trimmed and shortened for a message.
    static func firstLine(_ result: ProcessResult) -> String {
        let lines = (result.stderr + "\n" + result.stdout).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let line = lines.first else { return "" }
        let clean = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }

    /// The command a user can paste to reproduce (the output file left out).
    static func displayCommandLine(_ command: CKToolCommand) -> String {
        var arguments = command.xcrunArguments
        if let index = arguments.firstIndex(of: "--output-file") { arguments.removeSubrange(index...min(index + 1, arguments.count - 1)) }
        return (["xcrun"] + arguments).joined(separator: " ")
    }
}
