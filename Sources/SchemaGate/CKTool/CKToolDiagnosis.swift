import Foundation

/// Turns what cktool (or xcrun) printed on failure into one actionable error.
///
/// cktool's messages are not documented (Docs/cktool-failures.md): the texts matched here
/// are the ones seen in the wild, and every diagnosis shows cktool's own first line. A
/// refusal that a wrong team id and a bad token (or a wrong container) can both cause is
/// settled by asking `cktool get-teams` which teams the token can use; the advice for a
/// refused token depends on where it came from (CLOUDKIT_MANAGEMENT_TOKEN or the keychain).
enum CKToolDiagnosis {
    /// `checkTeams`: runs `cktool get-teams` (nil when it cannot run); only called for a
    /// refusal with a team id, never for get-teams itself.
    static func diagnose(
        _ result: ProcessResult, command: CKToolCommand, teamID: String?, containerID: String?,
        environment: [String: String], checkTeams: () -> ProcessResult?
    ) -> CKToolError {
        let text = (result.stderr + "\n" + result.stdout).lowercased()
        func has(_ needles: String...) -> Bool { needles.contains { text.contains($0) } }
        let said = firstLine(result, environment: environment)
        func refusal(checkingTeams: Bool = false) -> CKToolRefusal {
            var refusal = CKToolRefusal(
                teamID: teamID, containerID: containerID, said: said, token: .init(environment: environment))
            if checkingTeams, let teamID, command != .getTeams {
                refusal.teams = teamCheck(checkTeams(), teamID: teamID)
            }
            return refusal
        }

        if has("unable to find utility") || (result.status == 72 && has("cktool")) {
            return .cktoolNotFound
        }
        if has("session has expired", "token has expired", "expired token", "invalid token", "token is invalid", "token is expired") {
            return .invalidToken(refusal())
        }
        if has("no token", "token not found", "missing token", "no management token", "token is required", "no saved token")
            || (text.contains("token") && has("not found", "missing", "save-token", "required")) {
            return .noToken(refusal())
        }
        if text.contains("container") && has("not found", "does not exist", "unknown container", "invalid container", "no such container", "bad-container", "not-found") {
            return .containerNotFound(refusal(checkingTeams: true))
        }
        if has("authorization-failed", "authorization failed", "not authorized", "unauthorized", "authentication failed",
               "authentication-failed", "forbidden", "permission denied", "access denied", "status code 401", "status code 403",
               "http 401", "http 403")
            || (text.contains("team") && has("not found", "invalid", "unknown", "does not exist")) {
            return .authorizationFailed(refusal(checkingTeams: true))
        }
        if has("network", "offline", "could not connect", "couldn't connect", "cannot connect", "timed out", "nsurlerrordomain",
               "could not resolve", "dns", "connection refused", "connection was lost", "unknown host", "ssl error", "-1009", "-1001", "-1004") {
            return .network(detail: said)
        }
        return .failed(subcommand: command.subcommand, status: result.status, detail: said,
                       commandLine: displayCommandLine(command))
    }

    /// What get-teams said about `teamID`: its lines are `TEAMID: Team name`.
    static func teamCheck(_ result: ProcessResult?, teamID: String) -> CKToolRefusal.TeamCheck {
        guard let result else { return .failed("get-teams could not run") }
        guard result.status == 0 else {
            let text = (result.stderr + "\n" + result.stdout).lowercased()
            let refused = ["authoriz", "unauthorized", "authentication", "forbidden", "401", "403", "token"].contains { text.contains($0) }
            return refused ? .tokenRefused : .failed(firstLine(result, environment: [:]))
        }
        let teams = result.stdout.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { line in line.split(separator: ":", maxSplits: 1).first.map { CKToolPolicy.isTeamID(String($0)) } == true }
        guard !teams.isEmpty else { return .failed("get-teams listed no team") }
        let ids = teams.compactMap { $0.split(separator: ":", maxSplits: 1).first.map(String.init) }
        return ids.contains(teamID) ? .listed : .notListed(teams)
    }

    /// The first meaningful line cktool printed, trimmed, shortened for a message and with
    /// the token redacted (the one `Redactor`).
    static func firstLine(_ result: ProcessResult, environment: [String: String]) -> String {
        let lines = (result.stderr + "\n" + result.stdout).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let line = lines.first else { return "" }
        let clean = Redactor(environment: environment).redact(
            String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }

    /// The command a user can paste to reproduce (the output file left out).
    static func displayCommandLine(_ command: CKToolCommand) -> String {
        var arguments = command.xcrunArguments
        if let index = arguments.firstIndex(of: "--output-file") { arguments.removeSubrange(index...min(index + 1, arguments.count - 1)) }
        return (["xcrun"] + arguments).joined(separator: " ")
    }
}
