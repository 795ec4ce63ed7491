/// `CKError.Code` names by raw value, as `CKError.h` declares them (Docs/SyncDiagnostics.md,
/// "Error codes"), so an error reads `CKErrorDomain 2 (partialFailure)` on any platform,
/// including in a report opened where CloudKit does not exist.
public enum CloudKitErrorCode {
    /// The value of `CKErrorDomain`, as every printed CloudKit error shows it.
    public static let domain = "CKErrorDomain"

    /// The case name of a CloudKit error code; nil for another domain or a code newer
    /// than this table (shown as its number).
    public static func name(domain: String, code: Int) -> String? {
        guard domain == Self.domain, code >= 1, code <= names.count else { return nil }
        return names[code - 1]
    }

    /// Codes 1 through 36, in order (`CKErrorInternalError = 1` … `CKErrorAccountTemporarilyUnavailable = 36`).
    static let names = [
        "internalError", "partialFailure", "networkUnavailable", "networkFailure", "badContainer",
        "serviceUnavailable", "requestRateLimited", "missingEntitlement", "notAuthenticated", "permissionFailure",
        "unknownItem", "invalidArguments", "resultsTruncated", "serverRecordChanged", "serverRejectedRequest",
        "assetFileNotFound", "assetFileModified", "incompatibleVersion", "constraintViolation", "operationCancelled",
        "changeTokenExpired", "batchRequestFailed", "zoneBusy", "badDatabase", "quotaExceeded",
        "zoneNotFound", "limitExceeded", "userDeletedZone", "tooManyParticipants", "alreadyShared",
        "referenceViolation", "managedAccountRestricted", "participantMayNeedVerification", "serverResponseLost",
        "assetNotAvailable", "accountTemporarilyUnavailable",
    ]

    // The codes the classifications below rely on.
    static let partialFailure = 2
    static let networkUnavailable = 3
    static let networkFailure = 4
    static let serviceUnavailable = 6
    static let requestRateLimited = 7
    static let notAuthenticated = 9
    static let unknownItem = 11
    static let invalidArguments = 12
    static let zoneBusy = 23
    static let quotaExceeded = 25
    static let managedAccountRestricted = 32
    static let serverResponseLost = 34
    static let accountTemporarilyUnavailable = 36
}
