import CloudKitSchema

/// How strictly missing fields are reported, from the models or from Development alike.
/// Plain values so a config file can set them (`.cloudkit-schema.json`); every key is
/// optional when decoding.
package struct ExpectedSchemaOptions: Codable, Equatable, Sendable {
    /// The app shares records with `CKShare`: Core Data writes `CD_moveReceipt` when it
    /// moves records into a share's zone, so lacking it becomes an error.
    package var sharesRecords: Bool
    /// When Production lacks the `_ckAsset` companion of a String or URL attribute
    /// (needed only once a value outgrows the record, rare for text).
    package var stringAssetSeverity: Severity
    /// When Production lacks the `_ckAsset` companion of a Data or encoded attribute
    /// (photos, documents, Codable values: the first large value stalls sync).
    package var dataAssetSeverity: Severity
    /// Overrides the severity of a missing `CD_moveReceipt` / `CD_moveReceipt_ckAsset`
    /// (default: warning, error when `sharesRecords`).
    package var moveReceiptSeverity: Severity?
    /// Also expect `@Model` classes that are neither registered nor reachable from a
    /// registered one (SwiftData does not sync them, so by default they are not expected).
    package var includeUnregisteredModels: Bool

    package init(
        sharesRecords: Bool = false, stringAssetSeverity: Severity = .warning, dataAssetSeverity: Severity = .error,
        moveReceiptSeverity: Severity? = nil, includeUnregisteredModels: Bool = false
    ) {
        self.sharesRecords = sharesRecords
        self.stringAssetSeverity = stringAssetSeverity
        self.dataAssetSeverity = dataAssetSeverity
        self.moveReceiptSeverity = moveReceiptSeverity
        self.includeUnregisteredModels = includeUnregisteredModels
    }

    package static let `default` = ExpectedSchemaOptions()

    /// The severity a missing `CD_moveReceipt` (or its asset) gets.
    package var effectiveMoveReceiptSeverity: Severity {
        moveReceiptSeverity ?? (sharesRecords ? .error : .warning)
    }

    /// The configured severity of a missing `_ckAsset` companion of this kind.
    package func severity(of companion: CloudKitFieldMapping.AssetCompanion) -> Severity {
        companion == .text ? stringAssetSeverity : dataAssetSeverity
    }

    /// The severity a setting gives a missing field, told from the field's name and the
    /// record type that has it (the Development comparison has no models to ask):
    /// `CD_moveReceipt` and its asset, and a `_ckAsset` companion by the type of the field
    /// it accompanies (STRING: text; BYTES: data; neither or absent: the stricter of the
    /// two). Nil for a field no setting names: it stays an error.
    package func configuredSeverity(ofMissing field: String, in type: RecordType) -> Severity? {
        if CloudKitFieldMapping.moveReceiptFields.contains(field) { return effectiveMoveReceiptSeverity }
        guard let base = CloudKitFieldMapping.companionBase(of: field) else { return nil }
        switch type.field(named: base)?.type {
        case .primitive(.string)?, .primitive(.encrypted(.string))?: return severity(of: .text)
        case .primitive(.bytes)?, .primitive(.encrypted(.bytes))?: return severity(of: .data)
        default: return max(severity(of: .text), severity(of: .data))
        }
    }

    enum CodingKeys: String, CodingKey {
        case sharesRecords, stringAssetSeverity, dataAssetSeverity, moveReceiptSeverity, includeUnregisteredModels
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Self.default
        sharesRecords = try container.decodeIfPresent(Bool.self, forKey: .sharesRecords) ?? defaults.sharesRecords
        stringAssetSeverity = try container.decodeIfPresent(Severity.self, forKey: .stringAssetSeverity) ?? defaults.stringAssetSeverity
        dataAssetSeverity = try container.decodeIfPresent(Severity.self, forKey: .dataAssetSeverity) ?? defaults.dataAssetSeverity
        moveReceiptSeverity = try container.decodeIfPresent(Severity.self, forKey: .moveReceiptSeverity)
        includeUnregisteredModels = try container.decodeIfPresent(Bool.self, forKey: .includeUnregisteredModels)
            ?? defaults.includeUnregisteredModels
    }
}
