/// Production and Development of one container, from export files given on the command
/// line or exported live with cktool. Shared by `gate` and `check`.
public struct EnvironmentSchemas: Sendable {
    public var production: NamedSchema
    public var development: NamedSchema?
    /// True when Production came from cktool (so a committed snapshot can be compared).
    public var live: Bool
    /// Where the schemas came from, for the report.
    public var note: String

    /// A schema file as given (for messages) and resolved (for reading).
    public struct File: Sendable {
        public var path: String
        public var displayPath: String
        public init(path: String, displayPath: String) {
            self.path = path
            self.displayPath = displayPath
        }
    }

    /// - Parameters:
    ///   - label: appended to names (` (iCloud.x)`) when several containers are checked.
    ///   - cktool: created on first use and reused for the next container.
    public static func load(
        container: ResolvedContainer, configuration: ResolvedConfiguration,
        productionFile: File?, developmentFile: File?, label: String,
        environment: [String: String], workingDirectory: String, cktool: inout CKToolRunner?,
        log: @Sendable (String) -> Void = { _ in }
    ) throws -> EnvironmentSchemas {
        if let file = productionFile {
            let production = try NamedSchema.load(
                path: file.path, displayPath: file.displayPath, name: "Production\(label)", environment: .production)
            let development = try developmentFile.map { (file: File) throws -> NamedSchema in
                try NamedSchema.load(path: file.path, displayPath: file.displayPath, name: "Development\(label)", environment: .development)
            }
            let from = development.map { ", Development from \($0.file ?? "a file")" } ?? ""
            return EnvironmentSchemas(
                production: production, development: development, live: false,
                note: "Check\(label): Production from \(file.displayPath)\(from); cktool not used.")
        }
        let id = container.id.value
        let team = try configuration.requireTeamID()
        let runner = try cktool ?? CKToolRunner(
            environment: environment, timeout: configuration.cktoolTimeout.value, workingDirectory: workingDirectory)
        cktool = runner
        log("exporting Production and Development of \(id) with cktool…")
        let production = try runner.exportSchema(teamID: team, containerID: id, environment: .production)
        let development = try runner.exportSchema(teamID: team, containerID: id, environment: .development)
        return EnvironmentSchemas(
            production: production.named("Production\(label)"), development: development.named("Development\(label)"),
            live: true, note: "Check\(label): exported Production and Development of \(id) (team \(team)) with cktool.")
    }
}
