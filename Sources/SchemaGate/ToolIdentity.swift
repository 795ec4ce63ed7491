/// Who the tool is, for `--version` and for reports that name their producer (SARIF's
/// `tool.driver`).
package enum ToolIdentity {
    package static let name = "cloudkit-schema"
    package static let version = "0.1.0"
    // No `informationUri`: SARIF makes it optional, and the project has no published
    // address to name.
}
