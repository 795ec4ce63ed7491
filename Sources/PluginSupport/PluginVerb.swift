/// The `swift package <verb>` commands this package offers, and the `cloudkit-schema`
/// command each one forwards to. Kept free of PackagePlugin so it is unit-tested as a
/// normal target and compiled into every plugin through a symbolic link.
public enum PluginVerb: String, CaseIterable, Sendable {
    case gate = "gate"
    case checkSchema = "check-schema"
    case createSchema = "create-schema"
    case lintModels = "lint-models"
    case doctor = "doctor"

    /// The name of the executable every plugin runs (`context.tool(named:)`).
    public static let toolName = "cloudkit-schema"

    /// The `cloudkit-schema` subcommand this verb runs.
    public var toolCommand: String {
        switch self {
        case .gate: return "gate"
        case .checkSchema: return "check"
        case .createSchema: return "create"
        case .lintModels: return "lint"
        case .doctor: return "doctor"
        }
    }

    /// The tool option SwiftPM's `--target NAME` becomes, once per selected target's
    /// directory. Every forwarded command takes it (`gate`, `check`, `create`, `lint`, `doctor`).
    public static let modelsOption = "--models"

    /// The tool option a `--target NAME` that is no target of the package becomes: an Xcode
    /// app target, which the tool looks up in the repository's Xcode projects.
    public static let targetOption = "--target"
}
