import Foundation

/// What CloudKit's errors say, each read from the codes and words it is publicly known to
/// use (Docs/SyncDiagnostics.md, "What CloudKit answers"). The probe's classification and
/// the named causes of a sync failure both ask these, so they never disagree.
enum CloudKitAnswer {
    /// The internal domain whose codes sit under a `CKError` as its underlying error.
    static let internalDomain = "CKInternalErrorDomain"

    /// "Did not find record type: X" (`unknownItem`, internal 2003): the record type does
    /// not exist in the environment asked. The words are matched too, since they are all
    /// a report may hold; the code is what a localized system gives.
    static func isMissingRecordType(_ error: RenderedError) -> Bool {
        error.isCloudKit && error.code == CloudKitErrorCode.unknownItem
            && (error.mentions("Did not find record type") || error.hasUnderlying(internalDomain, 2003))
    }

    /// "Field 'recordName' is not marked queryable" (`invalidArguments`, internal 2015), or
    /// "Type is not marked indexable": CloudKit answered about the type's indexes.
    static func isNotIndexed(_ error: RenderedError) -> Bool {
        error.isCloudKit && error.code == CloudKitErrorCode.invalidArguments
            && (error.mentions("not marked queryable") || error.mentions("not marked indexable")
                || error.hasUnderlying(internalDomain, 2015))
    }

    /// "Cannot create new type X in production schema", "Cannot create or modify field 'f'
    /// in record 'X' in production schema": a save Production's schema refused.
    static func isRejectedByProductionSchema(_ error: RenderedError) -> Bool {
        error.isCloudKit && error.mentions("in production schema")
    }

    static func isAccountProblem(_ error: RenderedError) -> Bool {
        error.isCloudKit && [
            CloudKitErrorCode.notAuthenticated, CloudKitErrorCode.accountTemporarilyUnavailable,
            CloudKitErrorCode.managedAccountRestricted,
        ].contains(error.code)
    }

    static func isNetworkProblem(_ error: RenderedError) -> Bool {
        error.isCloudKit && [
            CloudKitErrorCode.networkUnavailable, CloudKitErrorCode.networkFailure, CloudKitErrorCode.serverResponseLost,
        ].contains(error.code)
    }

    /// Rate limited, or the service or zone too busy: try again after `retryAfter`.
    static func isTryLater(_ error: RenderedError) -> Bool {
        error.isCloudKit && [
            CloudKitErrorCode.requestRateLimited, CloudKitErrorCode.serviceUnavailable, CloudKitErrorCode.zoneBusy,
        ].contains(error.code)
    }

    static func isQuotaExceeded(_ error: RenderedError) -> Bool {
        error.isCloudKit && error.code == CloudKitErrorCode.quotaExceeded
    }
}

extension RenderedError {
    /// Whether the message or a detail holds these words (any case).
    func mentions(_ words: String) -> Bool {
        texts.contains { $0.range(of: words, options: .caseInsensitive) != nil }
    }

    /// Whether the underlying chain holds this domain and code.
    func hasUnderlying(_ domain: String, _ code: Int) -> Bool {
        var next = underlying.first
        while let error = next {
            if error.domain == domain && error.code == code { return true }
            next = error.underlying.first
        }
        return false
    }
}
