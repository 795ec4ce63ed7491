/// Who the tool is, for `--version` and for reports that name their producer (SARIF's
/// `tool.driver`).
package enum ToolIdentity {
    package static let name = "cloudkit-schema"
    /// CHANGELOG.md's newest released version, and the tag of that release; `0.0.0` while
    /// CHANGELOG.md has no released section (nothing released yet). Docs/releasing.md;
    /// `ReleaseRuleTests` fails when the binary and CHANGELOG.md disagree.
    package static let version = "0.0.0"
    // No `informationUri`: SARIF makes it optional, and the project has no published
    // address to name.
}
