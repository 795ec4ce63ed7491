import CloudKitSyncDiagnostics
import Foundation
import Testing

/// The per-item key as tests spell it; the app passes CloudKit's constant (`ErrorRenderer.cloudKit`).
let partialKey = "CKPartialErrors"
let retryKey = "CKRetryAfter"
let renderer = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey)

func ckError(_ code: Int, _ message: String, _ info: [String: Any] = [:]) -> NSError {
    var userInfo = info
    userInfo[NSLocalizedDescriptionKey] = message
    return NSError(domain: "CKErrorDomain", code: code, userInfo: userInfo)
}

/// An error whose underlying error is itself: a chain with no end.
final class SelfNestingError: NSError, @unchecked Sendable {
    override var userInfo: [String: Any] { [NSUnderlyingErrorKey: self, NSLocalizedDescriptionKey: "again"] }
}

@Suite struct ErrorRenderingTests {
    @Test func theUnderlyingChainIsFollowed() {
        let inner = NSError(domain: "CKInternalErrorDomain", code: 2003, userInfo: [NSLocalizedDescriptionKey: "Did not find record type: CD_Basket"])
        let middle = ckError(11, "Unknown Item", [NSUnderlyingErrorKey: inner])
        let top = NSError(domain: NSCocoaErrorDomain, code: 134_400, userInfo: [NSUnderlyingErrorKey: middle, NSLocalizedDescriptionKey: "wrapped"])
        let rendered = renderer.render(top)
        #expect(rendered.identity == "NSCocoaErrorDomain 134400")
        #expect(rendered.underlying.first?.identity == "CKErrorDomain 11 (unknownItem)")
        #expect(rendered.underlying.first?.underlying.first?.identity == "CKInternalErrorDomain 2003")
        #expect(rendered.underlying.first?.underlying.first?.message == "Did not find record type: CD_Basket")
        #expect(!rendered.truncated)
        let text = rendered.lines.joined(separator: "\n")
        #expect(text.contains("underlying error:\n      CKErrorDomain 11 (unknownItem): Unknown Item"), "\(text)")
        #expect(text.contains("CKInternalErrorDomain 2003: Did not find record type: CD_Basket"))
    }

    @Test func theDepthBoundStopsAChainThatNeverEnds() {
        let rendered = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey, maxDepth: 4)
            .render(SelfNestingError(domain: "Loop", code: 1))
        var levels = 1
        var node = rendered
        while let next = node.underlying.first { levels += 1; node = next }
        #expect(levels == 4)
        #expect(node.truncated)
        #expect(rendered.lines.last?.contains("more nested errors not shown") == true)
    }

    @Test func anEmptyPerItemDictionaryIsSaidExplicitly() {
        let rendered = renderer.render(ckError(2, "Partial Failure", [partialKey: [AnyHashable: Any]()]))
        #expect(rendered.perItem == .empty)
        #expect(rendered.brief == "CKErrorDomain 2 partialFailure, no per-record errors")
        #expect(rendered.lines.contains("    per-record errors: none (the per-item dictionary is empty)"))
    }

    @Test func aPartialFailureWithoutADictionarySaysNoneWasAttached() {
        let rendered = renderer.render(ckError(2, "Partial Failure"))
        #expect(rendered.perItem == .absent)
        #expect(rendered.brief == "CKErrorDomain 2 partialFailure, no per-record errors")
        #expect(rendered.lines.contains("    per-record errors: none attached (the error has no per-item dictionary)"))
        // Another code without a dictionary says nothing about per-record errors.
        #expect(renderer.render(ckError(3, "Network Unavailable")).brief == "CKErrorDomain 3 networkUnavailable")
    }

    @Test func perItemErrorsAreRenderedInOrderWithTheirOwnChains() {
        let rejected = ckError(12, "Cannot create new type CD_Basket in production schema", [
            NSUnderlyingErrorKey: NSError(domain: "CKInternalErrorDomain", code: 2006),
        ])
        let items: [AnyHashable: Any] = [
            "rec-b": ckError(22, "Batch Request Failed"),
            "rec-a": rejected,
        ]
        let rendered = renderer.render(ckError(2, "Partial Failure", [partialKey: items]))
        guard case .items(let shown, let omitted) = rendered.perItem else {
            Issue.record("per-item errors not rendered: \(rendered.perItem)")
            return
        }
        #expect(omitted == 0)
        #expect(shown.map(\.item) == ["rec-a", "rec-b"])
        #expect(shown[0].error.identity == "CKErrorDomain 12 (invalidArguments)")
        #expect(shown[0].error.underlying.first?.identity == "CKInternalErrorDomain 2006")
        #expect(rendered.brief == "CKErrorDomain 2 partialFailure, 2 per-record errors; rec-a: CKErrorDomain 12 (invalidArguments) “Cannot create new type CD_Basket in production schema”")
        let text = rendered.lines.joined(separator: "\n")
        #expect(text.contains("per-record errors: 2"))
        #expect(text.contains("rec-b:\n        CKErrorDomain 22 (batchRequestFailed): Batch Request Failed"), "\(text)")
    }

    @Test func perItemErrorsAreBounded() {
        var items: [AnyHashable: Any] = [:]
        for index in 0..<30 { items["rec-\(100 + index)"] = ckError(22, "Batch Request Failed") }
        let rendered = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey, maxItems: 5)
            .render(ckError(2, "Partial Failure", [partialKey: items]))
        guard case .items(let shown, let omitted) = rendered.perItem else {
            Issue.record("per-item errors not rendered")
            return
        }
        #expect(shown.count == 5)
        #expect(omitted == 25)
        #expect(rendered.brief.hasPrefix("CKErrorDomain 2 partialFailure, 30 per-record errors; rec-100:"))
        #expect(rendered.lines.contains("      … and 25 more not shown"))
    }

    @Test func perItemErrorsAtTheDepthBoundAreCountedNotDropped() {
        let items: [AnyHashable: Any] = ["a": ckError(22, "x"), "b": ckError(22, "y")]
        let nested = ckError(2, "Partial Failure", [partialKey: items])
        let rendered = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey, maxDepth: 2)
            .render(NSError(domain: "Top", code: 1, userInfo: [NSUnderlyingErrorKey: nested]))
        let inner = rendered.underlying.first
        #expect(inner?.perItem == .items([], omitted: 2))
        #expect(inner?.truncated == true)
        #expect(inner?.brief == "CKErrorDomain 2 partialFailure, 2 per-record errors")
    }

    @Test func theSizeBoundStopsAWideTree() {
        let leaves = (0..<50).map { ckError(22, "leaf \($0)") }
        let wide = NSError(domain: "Core", code: 1, userInfo: ["NSDetailedErrors": leaves])
        let rendered = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey, maxErrors: 10).render(wide)
        #expect(rendered.related.count == 9)
        #expect(rendered.truncated)
        #expect(rendered.all.count == 10)
    }

    @Test func userInfoKeepsTextAndNumbersOnly() {
        let info: [String: Any] = [
            "ServerErrorDescription": "Field 'recordName' is not marked queryable",
            retryKey: NSNumber(value: 30),
            "CKRecordChangedErrorServerRecord": Data("the user's data".utf8),
        ]
        let rendered = renderer.render(ckError(7, "Request Rate Limited", info))
        #expect(rendered.details.map(\.key) == [retryKey, "ServerErrorDescription"])
        #expect(rendered.retryAfter == 30)
        #expect(!rendered.lines.joined().contains("user's data"))
        #expect(rendered.lines.contains("    retry after: 30 s"))
    }

    @Test func relatedErrorsInListsAreRendered() {
        let detailed = NSError(domain: NSCocoaErrorDomain, code: 1560, userInfo: [
            "NSDetailedErrors": [ckError(25, "Quota Exceeded"), ckError(3, "Network Unavailable")],
        ])
        let rendered = renderer.render(detailed)
        #expect(rendered.related.map(\.error.identity) == ["CKErrorDomain 25 (quotaExceeded)", "CKErrorDomain 3 (networkUnavailable)"])
        #expect(rendered.all.count == 3)
    }

    @Test func longTextIsClipped() {
        let rendered = ErrorRenderer(partialErrorsKey: partialKey, retryAfterKey: retryKey, maxText: 10)
            .render(ckError(15, String(repeating: "x", count: 100)))
        #expect(rendered.message == String(repeating: "x", count: 10) + "…")
    }

    @Test func aRenderedErrorSurvivesJSON() throws {
        let items: [AnyHashable: Any] = ["rec": ckError(12, "Cannot create new type CD_X in production schema")]
        let rendered = renderer.render(ckError(2, "Partial Failure", [partialKey: items, NSUnderlyingErrorKey: ckError(1, "inner")]))
        let decoded = try JSONDecoder().decode(RenderedError.self, from: JSONEncoder().encode(rendered))
        #expect(decoded == rendered)
    }
}

@Suite struct CloudKitErrorCodeTests {
    @Test func namesFollowTheHeader() {
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 1) == "internalError")
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 2) == "partialFailure")
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 11) == "unknownItem")
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 25) == "quotaExceeded")
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 36) == "accountTemporarilyUnavailable")
    }

    @Test func unknownCodesAndOtherDomainsHaveNoName() {
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 0) == nil)
        #expect(CloudKitErrorCode.name(domain: "CKErrorDomain", code: 37) == nil)
        #expect(CloudKitErrorCode.name(domain: "NSCocoaErrorDomain", code: 2) == nil)
        #expect(RenderedError(domain: "CKErrorDomain", code: 99, message: "new").identity == "CKErrorDomain 99")
    }
}
