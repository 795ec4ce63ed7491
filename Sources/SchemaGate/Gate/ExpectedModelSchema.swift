/// The schema the app's models require, as a reference for the check. Built from the
/// model reader once it is merged; until then there is no model reference and the
/// check measures Production against Development only (the notes say so).
enum ExpectedModelSchema {
    struct Outcome {
        var schema: NamedSchema
        var notes: [String]
    }

    static func build(for container: ResolvedContainer, configuration: ResolvedConfiguration, label: String) throws -> Outcome? {
        nil
    }
}
