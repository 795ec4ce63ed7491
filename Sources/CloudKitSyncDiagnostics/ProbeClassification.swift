import Foundation

/// What the schema probe concludes for one record type from CloudKit's answer to a
/// read-only query. Only CloudKit's own "did not find record type" makes a type missing;
/// an answer the evidence does not settle is `unknown`, never `missing`.
public enum ProbeAnswer: String, Codable, CaseIterable, Sendable {
    /// The query succeeded: the type exists.
    case present
    /// CloudKit refused the query for want of an index (`recordName` not queryable). It did
    /// not say the type is missing; in every public report of this answer the type existed.
    case notIndexed
    /// CloudKit said the record type does not exist.
    case missing
    /// No usable iCloud account: nothing was asked, or CloudKit refused the account.
    case account
    /// The network was unavailable or failed.
    case network
    /// Rate limited or busy: ask again later.
    case tryLater
    /// Any other answer: shown as it came, concluding nothing.
    case unknown

    public var label: String {
        switch self {
        case .present: return "present"
        case .notIndexed: return "present or unknown (not indexed)"
        case .missing: return "missing"
        case .account: return "not checked (iCloud account)"
        case .network: return "not checked (network)"
        case .tryLater: return "not checked (CloudKit busy)"
        case .unknown: return "unknown"
        }
    }
}

/// The classification table: rules in order, the first that matches wins.
public enum ProbeClassifier {
    public struct Rule: Sendable {
        public var answer: ProbeAnswer
        /// What the rule matches, for the report and Docs/SyncDiagnostics.md.
        public var matches: String
        let test: @Sendable (RenderedError) -> Bool
    }

    public static let rules: [Rule] = [
        Rule(answer: .missing, matches: "CKErrorDomain 11 (unknownItem) saying \"Did not find record type\" or over CKInternalErrorDomain 2003",
             test: CloudKitAnswer.isMissingRecordType),
        Rule(answer: .notIndexed, matches: "CKErrorDomain 12 (invalidArguments) saying \"not marked queryable\" / \"not marked indexable\" or over CKInternalErrorDomain 2015",
             test: CloudKitAnswer.isNotIndexed),
        Rule(answer: .account, matches: "CKErrorDomain 9 (notAuthenticated), 32 (managedAccountRestricted), 36 (accountTemporarilyUnavailable)",
             test: CloudKitAnswer.isAccountProblem),
        Rule(answer: .network, matches: "CKErrorDomain 3 (networkUnavailable), 4 (networkFailure), 34 (serverResponseLost)",
             test: CloudKitAnswer.isNetworkProblem),
        Rule(answer: .tryLater, matches: "CKErrorDomain 6 (serviceUnavailable), 7 (requestRateLimited), 23 (zoneBusy)",
             test: CloudKitAnswer.isTryLater),
    ]

    /// The answer for a query that failed with `error`, or succeeded (`nil`).
    public static func classify(_ error: RenderedError?) -> ProbeAnswer {
        guard let error else { return .present }
        return rules.first { $0.test(error) }?.answer ?? .unknown
    }
}

/// One record type's result.
public struct ProbeResult: Codable, Equatable, Sendable {
    public var recordType: String
    public var answer: ProbeAnswer
    /// CloudKit's answer as it came (nil when the query succeeded or nothing was asked).
    public var error: RenderedError?

    public init(recordType: String, answer: ProbeAnswer, error: RenderedError?) {
        self.recordType = recordType
        self.answer = answer
        self.error = error
    }

    /// The result of a query for `recordType` that ended with `error` (nil: success).
    public init(recordType: String, queryError error: RenderedError?) {
        self.init(recordType: recordType, answer: ProbeClassifier.classify(error), error: error)
    }
}

/// A whole probe run.
public struct ProbeReport: Codable, Equatable, Sendable {
    public var containerIdentifier: String
    public var date: Date
    /// The account status when it was not available (nothing was queried then).
    public var accountStatus: String?
    public var results: [ProbeResult]

    public init(containerIdentifier: String, date: Date, accountStatus: String? = nil, results: [ProbeResult]) {
        self.containerIdentifier = containerIdentifier
        self.date = date
        self.accountStatus = accountStatus
        self.results = results
    }

    /// Every type `.account`, when the account is unavailable: no query is sent.
    public static func accountUnavailable(
        containerIdentifier: String, date: Date, status: String, recordTypes: [String]
    ) -> ProbeReport {
        ProbeReport(
            containerIdentifier: containerIdentifier, date: date, accountStatus: status,
            results: recordTypes.map { ProbeResult(recordType: $0, answer: .account, error: nil) })
    }

    public func count(_ answer: ProbeAnswer) -> Int { results.filter { $0.answer == answer }.count }
    public var missing: [String] { results.filter { $0.answer == .missing }.map(\.recordType) }
}
