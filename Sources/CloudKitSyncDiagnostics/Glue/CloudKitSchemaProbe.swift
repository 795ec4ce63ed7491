#if canImport(CloudKit)
import CloudKit

/// Asks the container's private database, in the environment this build is signed for
/// (TestFlight and App Store builds: Production), whether each record type exists: one
/// query per type for at most one record and no fields. It never writes. What CloudKit
/// answers is classified by `ProbeClassifier` (Docs/SyncDiagnostics.md, "The probe").
@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
public struct CloudKitSchemaProbe: Sendable {
    public var containerIdentifier: String
    public var recordTypes: [String]

    public init(containerIdentifier: String, recordTypes: [String]) {
        self.containerIdentifier = containerIdentifier
        self.recordTypes = recordTypes
    }

    /// The generated list's record types, in its container unless another is given.
    public init(expected: ExpectedCloudKitSchema, containerIdentifier: String? = nil) {
        self.init(containerIdentifier: containerIdentifier ?? expected.containerIdentifier ?? "", recordTypes: expected.recordTypeNames)
    }

    public func run() async -> ProbeReport {
        let renderer = ErrorRenderer.cloudKit
        guard !containerIdentifier.isEmpty else {
            return .accountUnavailable(containerIdentifier: "(none)", date: Date(), status: "no container identifier was given", recordTypes: recordTypes)
        }
        let container = CKContainer(identifier: containerIdentifier)
        do {
            let status = try await Self.accountStatus(of: container)
            guard status == .available else {
                return .accountUnavailable(containerIdentifier: containerIdentifier, date: Date(), status: Self.name(status), recordTypes: recordTypes)
            }
        } catch {
            return .accountUnavailable(
                containerIdentifier: containerIdentifier, date: Date(), status: "unknown (\(renderer.render(error).brief))", recordTypes: recordTypes)
        }
        var results: [ProbeResult] = []
        for recordType in recordTypes {
            guard !Task.isCancelled else { break }
            // CKQuery takes format-string predicates only; TRUEPREDICATE matches every record.
            let query = CKQuery(recordType: recordType, predicate: NSPredicate(format: "TRUEPREDICATE"))
            do {
                _ = try await container.privateCloudDatabase.records(matching: query, inZoneWith: nil, desiredKeys: [], resultsLimit: 1)
                results.append(ProbeResult(recordType: recordType, queryError: nil))
            } catch {
                results.append(ProbeResult(recordType: recordType, queryError: renderer.render(error)))
            }
        }
        return ProbeReport(containerIdentifier: containerIdentifier, date: Date(), results: results)
    }

    /// `accountStatus(completionHandler:)` through a continuation: the same call as the
    /// imported `async` form, which a Swift 6 compiler cannot lower against an SDK whose
    /// concurrency library predates it (Docs/SyncDiagnostics.md, "Where it runs").
    static func accountStatus(of container: CKContainer) async throws -> CKAccountStatus {
        try await withCheckedThrowingContinuation { continuation in
            container.accountStatus { status, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: status) }
            }
        }
    }

    static func name(_ status: CKAccountStatus) -> String {
        switch status {
        case .available: return "available"
        case .noAccount: return "noAccount"
        case .restricted: return "restricted"
        case .couldNotDetermine: return "couldNotDetermine"
        case .temporarilyUnavailable: return "temporarilyUnavailable"
        @unknown default: return "status \(status.rawValue)"
        }
    }
}
#endif
