/// Who the tool is, for `--version` and for reports that name their producer (SARIF's
/// `tool.driver`).
public enum ToolIdentity {
    public static let name = "cloudkit-schema"
    public static let version = "0.1.0"
    /// Where users read about the tool and its rules.
    public static let informationURI = "https://github.com/CloudKitSchemaGate/CloudKitSchemaGate"
}
