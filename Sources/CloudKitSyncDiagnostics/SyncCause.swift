/// A common cause of a sync failure, named from the error's codes and words. `named`
/// when CloudKit said so; `possible` when the error only fits it.
public struct SyncCause: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case schemaMissingInProduction, quotaExceeded, account, network, rateLimited
    }

    public enum Certainty: String, Sendable {
        case named, possible
    }

    public var kind: Kind
    public var certainty: Certainty
    /// A sentence: what it means and what to do.
    public var explanation: String

    /// The causes an error names, strongest first, one per kind.
    public static func causes(of error: RenderedError) -> [SyncCause] {
        let nodes = error.all
        var found: [SyncCause] = []
        func add(_ kind: Kind, _ certainty: Certainty, _ explanation: String) {
            guard !found.contains(where: { $0.kind == kind }) else { return }
            found.append(SyncCause(kind: kind, certainty: certainty, explanation: explanation))
        }
        if let refusal = nodes.first(where: { CloudKitAnswer.isRejectedByProductionSchema($0) || CloudKitAnswer.isMissingRecordType($0) }) {
            add(.schemaMissingInProduction, .named,
                "CloudKit refused a record this build writes (\(refusal.identity): “\(refusal.message)”): the schema lacks a record type or field. Tap “Check the CloudKit schema”, and run the release gate (cloudkit-schema gate) before the next upload.")
        }
        if nodes.contains(where: CloudKitAnswer.isQuotaExceeded) {
            add(.quotaExceeded, .named, "The iCloud account is out of storage (quotaExceeded): nothing more uploads until the user frees iCloud storage or buys more.")
        }
        if let account = nodes.first(where: CloudKitAnswer.isAccountProblem) {
            add(.account, .named, account.code == CloudKitErrorCode.managedAccountRestricted
                ? "A managed account restriction refused the request (managedAccountRestricted): the device's management profile does not allow it."
                : "The iCloud account cannot be used (\(account.codeName ?? String(account.code))): the device must be signed in to iCloud; Settings shows what the account needs.")
        }
        if let network = nodes.first(where: CloudKitAnswer.isNetworkProblem) {
            add(.network, .named, "The network was unavailable or failed (\(network.codeName ?? String(network.code))).")
        }
        if let busy = nodes.first(where: CloudKitAnswer.isTryLater) {
            let wait = busy.retryAfter.map { "; CloudKit asked to wait \(Int($0.rounded(.up))) s" } ?? ""
            add(.rateLimited, .named, "CloudKit was busy or rate limited the device (\(busy.codeName ?? String(busy.code))\(wait)).")
        }
        if error.isCloudKit, error.code == CloudKitErrorCode.partialFailure, !error.namesItems {
            add(.schemaMissingInProduction, .possible,
                "CloudKit rejected part of a batch and the error names no record: a record type or field missing in Production is a reported cause of exactly this. Tap “Check the CloudKit schema”.")
        }
        return found
    }
}

extension RenderedError {
    /// Whether the per-item dictionary names at least one item.
    var namesItems: Bool {
        if case .items(let items, let omitted) = perItem { return !items.isEmpty || omitted > 0 }
        return false
    }
}
