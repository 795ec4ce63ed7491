@testable import CloudKitSyncDiagnostics
import Foundation
import Testing

func ck(_ code: Int, _ message: String, underlying: RenderedError? = nil) -> RenderedError {
    RenderedError(domain: "CKErrorDomain", code: code, message: message, underlying: underlying)
}

func internalError(_ code: Int) -> RenderedError {
    RenderedError(domain: "CKInternalErrorDomain", code: code, message: "")
}

/// The table row by row, with the answers CloudKit is publicly reported to give
/// (Docs/SyncDiagnostics.md, "What CloudKit answers").
@Suite struct ProbeClassificationTests {
    @Test func aQueryThatSucceedsMeansPresent() {
        #expect(ProbeClassifier.classify(nil) == .present)
    }

    @Test func didNotFindRecordTypeIsMissing() {
        #expect(ProbeClassifier.classify(ck(11, "Did not find record type: CD_Basket")) == .missing)
        // A localized system: the words differ, the internal code does not.
        #expect(ProbeClassifier.classify(ck(11, "Élément inconnu", underlying: internalError(2003))) == .missing)
        #expect(ProbeClassifier.classify(RenderedError(
            domain: "CKErrorDomain", code: 11, message: "Unknown Item",
            details: [.init(key: "ServerErrorDescription", value: "Did not find record type: CD_Basket")])) == .missing)
    }

    /// unknownItem alone is also what a missing record or zone gets: not enough.
    @Test func unknownItemWithoutTheWordsIsUnknown() {
        #expect(ProbeClassifier.classify(ck(11, "Record not found")) == .unknown)
        #expect(ProbeClassifier.classify(ck(11, "Unknown Item", underlying: internalError(2004))) == .unknown)
        #expect(ProbeClassifier.classify(RenderedError(domain: "OtherDomain", code: 11, message: "Did not find record type: X")) == .unknown)
    }

    @Test func anIndexAnswerIsNotIndexed() {
        #expect(ProbeClassifier.classify(ck(12, "Field 'recordName' is not marked queryable")) == .notIndexed)
        #expect(ProbeClassifier.classify(ck(12, "Field '___recordID' is not marked queryable")) == .notIndexed)
        #expect(ProbeClassifier.classify(ck(12, "Type is not marked indexable: CD_Item")) == .notIndexed)
        #expect(ProbeClassifier.classify(ck(12, "Invalid Arguments", underlying: internalError(2015))) == .notIndexed)
    }

    /// invalidArguments is also a signing problem, a bad predicate…: never a schema answer by itself.
    @Test func invalidArgumentsWithOtherWordsIsUnknown() {
        #expect(ProbeClassifier.classify(ck(12, "Trying to initialize a container without an application ID")) == .unknown)
        #expect(ProbeClassifier.classify(ck(12, "Invalid Arguments")) == .unknown)
    }

    @Test func accountNetworkAndBusyAnswersCheckNothing() {
        for code in [9, 32, 36] { #expect(ProbeClassifier.classify(ck(code, "x")) == .account, "\(code)") }
        for code in [3, 4, 34] { #expect(ProbeClassifier.classify(ck(code, "x")) == .network, "\(code)") }
        for code in [6, 7, 23] { #expect(ProbeClassifier.classify(ck(code, "x")) == .tryLater, "\(code)") }
    }

    @Test func everyOtherCodeIsUnknown() {
        let classified: Set = [3, 4, 6, 7, 9, 11, 12, 23, 32, 34, 36]
        for code in 0...40 where !classified.contains(code) {
            #expect(ProbeClassifier.classify(ck(code, "Did not find record type: X; not marked queryable")) == .unknown, "\(code)")
        }
    }

    /// Over generated answers: `missing` exactly when CloudKit said the type does not exist,
    /// whatever else the error holds.
    @Test func missingOnlyWhenCloudKitSaysSo() {
        var random = Generator(seed: 30)
        let words = ["Did not find record type: CD_X", "Unknown Item", "not marked queryable", "Record not found", "", "did not find record TYPE"]
        let domains = ["CKErrorDomain", "CKInternalErrorDomain", "NSCocoaErrorDomain"]
        for _ in 0..<2000 {
            let inner = random.next(4) == 0 ? nil : RenderedError(
                domain: domains[random.next(domains.count)], code: [2003, 2015, 11, 1][random.next(4)], message: words[random.next(words.count)])
            let error = RenderedError(
                domain: domains[random.next(domains.count)], code: random.next(40), message: words[random.next(words.count)], underlying: inner)
            let said = error.domain == "CKErrorDomain" && error.code == 11
                && (error.message.lowercased().contains("did not find record type")
                    || (inner?.domain == "CKInternalErrorDomain" && inner?.code == 2003))
            #expect((ProbeClassifier.classify(error) == .missing) == said, "\(error)")
        }
    }

    @Test func anUnavailableAccountAsksNothing() {
        let report = ProbeReport.accountUnavailable(containerIdentifier: "iCloud.x", date: day(0), status: "noAccount", recordTypes: ["CD_A", "CD_B"])
        #expect(report.results.map(\.answer) == [.account, .account])
        #expect(report.results.allSatisfy { $0.error == nil })
        #expect(report.missing.isEmpty)
    }
}

/// A small deterministic generator (SplitMix64).
struct Generator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
