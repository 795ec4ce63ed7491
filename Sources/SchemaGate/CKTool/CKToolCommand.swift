/// `development` or `production`, spelled as cktool spells them.
package enum CloudKitEnvironment: String, CaseIterable, Sendable {
    case development, production

    /// `Development`, `Production`, as reports name them.
    package var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// Every cktool invocation this product can express. There is deliberately no case for
/// a subcommand that writes; `CKToolPolicy` re-checks the built arguments anyway.
package enum CKToolCommand: Equatable, Sendable {
    case exportSchema(teamID: String, containerID: String, environment: CloudKitEnvironment, outputFile: String)
    case validateSchema(teamID: String, containerID: String, environment: CloudKitEnvironment, file: String)
    case getTeams

    package var subcommand: String {
        switch self {
        case .exportSchema: return "export-schema"
        case .validateSchema: return "validate-schema"
        case .getTeams: return "get-teams"
        }
    }

    /// The arguments after `xcrun`. The token is never among them: cktool reads it from
    /// CLOUDKIT_MANAGEMENT_TOKEN or the keychain.
    package var xcrunArguments: [String] {
        switch self {
        case .exportSchema(let team, let container, let environment, let output):
            return ["cktool", subcommand, "--team-id", team, "--container-id", container,
                    "--environment", environment.rawValue, "--output-file", output]
        case .validateSchema(let team, let container, let environment, let file):
            return ["cktool", subcommand, "--team-id", team, "--container-id", container,
                    "--environment", environment.rawValue, "--file", file]
        case .getTeams:
            return ["cktool", subcommand]
        }
    }
}
