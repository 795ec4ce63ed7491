/// The record types and fields CloudKit Production must hold for the app's models: the
/// list the release gate measures Production against, written into the app as Swift by
/// `cloudkit-schema probe-list` so the in-app probe asks about exactly the same types.
public struct ExpectedCloudKitSchema: Equatable, Sendable {
    /// The container the list was made for, when the configuration named exactly one.
    public var containerIdentifier: String?
    public var recordTypes: [RecordType]

    public struct RecordType: Equatable, Sendable {
        public var name: String
        /// The fields Core Data writes, without CloudKit's system fields.
        public var fields: [Field]

        public init(_ name: String, fields: [Field]) {
            self.name = name
            self.fields = fields
        }
    }

    public struct Field: Equatable, Sendable {
        public var name: String
        /// The schema language's type: `STRING`, `ASSET`, `TIMESTAMP`, `LIST<INT64>`…
        public var type: String

        public init(_ name: String, _ type: String) {
            self.name = name
            self.type = type
        }
    }

    public init(containerIdentifier: String?, recordTypes: [RecordType]) {
        self.containerIdentifier = containerIdentifier
        self.recordTypes = recordTypes
    }

    public var recordTypeNames: [String] { recordTypes.map(\.name) }
}
