/// One step of a finding's fix, in machine-readable form: a finding's `fixSteps` list the
/// steps its `fix` sentence asks for, in order, so a script can tell a fix that needs a
/// CloudKit Console deploy from one that needs a model change. The ids are stable
/// (Docs/output-formats.md, "JSON report").
package enum FixStep: String, Codable, CaseIterable, Sendable {
    /// Delete from Development the record types and fields no model of this release writes
    /// (the `unwritten-*` findings name them), in the CloudKit Console.
    case removeLeftovers = "remove-leftovers"
    /// Reset Development to Production (Console "Reset Environment", or `cktool reset-schema`).
    case resetDevelopment = "reset-development"
    /// Materialize Development: the `create` step (initializeCloudKitSchema).
    case create
    /// Run a debug build that saves a record with the named properties set.
    case saveRecord = "save-record"
    /// CloudKit Console → Deploy Schema Changes.
    case deploy
    /// A model change: store the value under a new property, keep the old one.
    case newProperty = "new-property"
    /// Export live Production again and commit it as the snapshot.
    case refreshSnapshot = "refresh-snapshot"
}

/// A fix: the sentence a person reads and the steps it asks for.
package struct Fix: Equatable, Sendable {
    package var text: String
    package var steps: [FixStep]

    package init(_ text: String, _ steps: [FixStep]) {
        self.text = text
        self.steps = steps
    }
}
