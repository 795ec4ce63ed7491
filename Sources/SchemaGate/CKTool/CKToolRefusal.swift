/// What is known when CloudKit refused a cktool call (a token, authorization or
/// container error): cktool's own first line, where the token came from, and what
/// `cktool get-teams` said about the team. The fix is chosen from these
/// (Docs/cktool-failures.md), never from a guess at an undocumented message.
package struct CKToolRefusal: Equatable, Sendable {
    package var teamID: String?
    package var containerID: String?
    /// cktool's first line, redacted.
    package var said: String
    package var token: TokenSource
    package var teams: TeamCheck

    package init(teamID: String?, containerID: String?, said: String, token: TokenSource, teams: TeamCheck = .notRun) {
        self.teamID = teamID
        self.containerID = containerID
        self.said = said
        self.token = token
        self.teams = teams
    }

    /// Where cktool takes the management token from: `CLOUDKIT_MANAGEMENT_TOKEN` when it
    /// is set, else the keychain entry `cktool save-token` writes.
    package enum TokenSource: Equatable, Sendable {
        case environment, keychain

        package init(environment: [String: String]) {
            self = (environment[CKToolRunner.tokenVariable] ?? "").isEmpty ? .keychain : .environment
        }
    }

    /// `cktool get-teams` ("a list of teams of which the developer account is a member"),
    /// run after the refusal to tell a wrong team id from a refused token.
    package enum TeamCheck: Equatable, Sendable {
        /// Not run (no team id, or the refused call was get-teams itself).
        case notRun
        /// get-teams was refused too: the token is the problem.
        case tokenRefused
        /// The team is one of the token's teams: the token and team are fine.
        case listed
        /// The team is not among the token's teams (`ID: Name` lines).
        case notListed([String])
        /// get-teams failed otherwise (network, an answer it could not read).
        case failed(String)
    }

    /// The refused token's fix, by where it came from.
    var newTokenFix: String {
        switch token {
        case .environment:
            return "create a new management token in CloudKit Console (Settings → Tokens) and put it where \(CKToolRunner.tokenVariable) comes from (in CI: replace the \(CKToolRunner.tokenVariable) secret)"
        case .keychain:
            return "create a new management token in CloudKit Console (Settings → Tokens) and save it with 'xcrun cktool save-token --type management' (or give it in \(CKToolRunner.tokenVariable))"
        }
    }

    /// Which token cktool used, for messages.
    var tokenName: String {
        switch token {
        case .environment: return "the management token in \(CKToolRunner.tokenVariable)"
        case .keychain: return "the management token saved in the keychain"
        }
    }

    var teamFix: String {
        "set teamId in .cloudkit-schema.json (or TEAM_ID, --team-id) to the app's team: DEVELOPMENT_TEAM of the Xcode project"
    }

    /// ` (cktool said: "…")`, or nothing when it said nothing.
    var quoted: String { said.isEmpty ? "" : " (cktool said: \"\(said)\")" }

    var scope: String {
        switch (teamID, containerID) {
        case let (team?, container?): return " for team \(team), container \(container)"
        case let (team?, nil): return " for team \(team)"
        case let (nil, container?): return " for container \(container)"
        case (nil, nil): return ""
        }
    }
}
