@testable import CloudKitSyncDiagnostics
import Foundation
import Testing

let utc = TimeZone(identifier: "UTC")!

@Suite struct SummaryTests {
    /// The device that uploaded nothing: last success 12 Oct, failing since 13 Oct, read on 19 Oct.
    func stalledUploads(error: RenderedError? = partialFailure, failures: Int = 9) -> SyncHistory {
        var history = SyncHistory(recordingSince: day(-12))
        history.apply(event(.export, start: day(-1, hours: -1), end: day(-1, hours: -0.75), succeeded: true))
        for index in 0..<failures {
            history.apply(event(.export, start: day(Double(index) * 0.7), end: day(Double(index) * 0.7, hours: 0.01), succeeded: false, error: error))
        }
        history.apply(event(.import, start: day(6), end: day(6, hours: 0.1), succeeded: true))
        history.apply(event(.setup, start: day(6), end: day(6, hours: 0.05), succeeded: true))
        return history
    }

    @Test func aStalledUploadReadsAsOneSentence() {
        let summary = SyncSummary(history: stalledUploads(), now: day(6, hours: 1), timeZone: utc)
        let uploads = summary.activity(.export)
        #expect(uploads.state == .failing)
        #expect(uploads.sentence == "Uploads failing since 13 Oct (6 days): CKErrorDomain 2 partialFailure, no per-record errors")
        #expect(uploads.status == "Failing since 13 Oct · CKErrorDomain 2")
        #expect(uploads.lastSuccess == "Last success 12 Oct 09:15")
        #expect(summary.activities.map(\.activity) == [.export, .import, .setup])
        #expect(summary.activity(.import).sentence == "Downloads succeeding: last success 19 Oct 10:06")
        #expect(summary.activity(.import).status == "OK · 19 Oct 10:06")
    }

    @Test func persistentUploadFailuresAreWarnedAbout() {
        let summary = SyncSummary(history: stalledUploads(), now: day(6, hours: 1), timeZone: utc)
        #expect(summary.warnings == [
            "Uploads have failed for 6 days (9 attempts): changes made on this device after the last successful upload (12 Oct 09:15) are not confirmed in iCloud.",
        ])
    }

    /// One failure can be a passing network error: no warning until a second one, or an hour.
    @Test func oneFreshFailureIsNotYetAWarning() {
        let history = stalledUploads(failures: 1)
        #expect(SyncSummary(history: history, now: day(0, hours: 0.5), timeZone: utc).warnings.isEmpty)
        #expect(SyncSummary(history: history, now: day(0, hours: 1.01), timeZone: utc).warnings.count == 1)
        #expect(SyncSummary(history: stalledUploads(failures: 2), now: day(0.7, hours: 0.02), timeZone: utc).warnings.count == 1)
    }

    @Test func downloadFailuresAreShownButNotWarnedAboutAsUploads() {
        var history = SyncHistory(recordingSince: day(0))
        history.apply(event(.import, start: day(1), end: day(1, hours: 0.1), succeeded: false, error: ck(3, "Network Unavailable")))
        history.apply(event(.import, start: day(2), end: day(2, hours: 0.1), succeeded: false, error: ck(3, "Network Unavailable")))
        let summary = SyncSummary(history: history, now: day(2, hours: 1), timeZone: utc)
        #expect(summary.activity(.import).sentence == "Downloads failing since 14 Oct (1 day): CKErrorDomain 3 networkUnavailable")
        #expect(summary.activity(.import).lastSuccess == "No success recorded since 13 Oct")
        #expect(summary.warnings.isEmpty)
    }

    @Test func rowsWithoutEventsSaySinceWhenTheyWatched() {
        let summary = SyncSummary(history: SyncHistory(recordingSince: day(0)), now: day(1), timeZone: utc)
        #expect(summary.activity(.setup).sentence == "Setup: no event recorded since 13 Oct")
        #expect(summary.activity(.setup).state == .noEvents)
        #expect(summary.activity(.export).status == "No event recorded")
    }

    @Test func spansAndDatesReadNaturally() {
        let text = DateText(now: day(0, hours: 5), timeZone: utc)
        #expect(text.span(since: day(0, hours: 4.99)) == "less than a minute")
        #expect(text.span(since: day(0, hours: 4.5)) == "30 minutes")
        #expect(text.span(since: day(0, hours: 1)) == "4 hours")
        #expect(text.span(since: day(-1, hours: 10)) == "1 day")
        #expect(text.day(day(-365)) == "13 Oct 2025")
        #expect(text.stamp(day(0)) == "2026-10-13 10:00:00 +0000")
        // The time zone decides the calendar day.
        #expect(DateText(now: day(0), timeZone: TimeZone(identifier: "Asia/Tokyo")!).moment(day(0, hours: 14.5)) == "14 Oct 09:30")
    }

    @Test func causesAreNamedFromTheError() {
        let refused = RenderedError(domain: "CKErrorDomain", code: 2, message: "Partial Failure", perItem: .items([
            .init(item: "rec (zone com.apple.coredata.cloudkit.zone)", error: ck(12, "Cannot create new type CD_Basket in production schema")),
        ], omitted: 24))
        let schema = SyncCause.causes(of: refused)
        #expect(schema.map(\.kind) == [.schemaMissingInProduction])
        #expect(schema.first?.certainty == .named)
        #expect(schema.first?.explanation.contains("“Cannot create new type CD_Basket in production schema”") == true)

        let field = SyncCause.causes(of: ck(12, "Cannot create or modify field 'order' in record 'Todo' in production schema"))
        #expect(field.map(\.kind) == [.schemaMissingInProduction])

        let bare = SyncCause.causes(of: partialFailure)
        #expect(bare.map(\.kind) == [.schemaMissingInProduction])
        #expect(bare.first?.certainty == .possible)

        #expect(SyncCause.causes(of: ck(25, "Quota Exceeded")).map(\.kind) == [.quotaExceeded])
        #expect(SyncCause.causes(of: ck(9, "Not Authenticated")).map(\.kind) == [.account])
        #expect(SyncCause.causes(of: ck(32, "Restricted")).first?.explanation.contains("managed account restriction") == true)
        #expect(SyncCause.causes(of: ck(4, "Network Failure")).map(\.kind) == [.network])
        var limited = ck(7, "Request Rate Limited")
        limited.retryAfter = 29.5
        #expect(SyncCause.causes(of: limited).first?.explanation.contains("asked to wait 30 s") == true)
        #expect(SyncCause.causes(of: ck(15, "Server Rejected Request")).isEmpty)
        // A partial failure that names its records is not guessed at.
        let named = RenderedError(domain: "CKErrorDomain", code: 2, message: "Partial Failure", perItem: .items([
            .init(item: "rec", error: ck(14, "record to insert already exists")),
        ], omitted: 0))
        #expect(SyncCause.causes(of: named).isEmpty)
    }

    @Test func theSummaryCarriesTheCauses() {
        let summary = SyncSummary(history: stalledUploads(), now: day(6), timeZone: utc)
        #expect(summary.activity(.export).causes.map(\.kind) == [.schemaMissingInProduction])
        #expect(summary.activity(.import).causes.isEmpty)
    }
}

@Suite struct ReportTests {
    @Test func theReportHoldsEverything() {
        var history = SyncHistory(recordingSince: day(-12))
        let items: RenderedError.PerItemErrors = .items([
            .init(item: "rec-1 (zone com.apple.coredata.cloudkit.zone)", error: ck(12, "Cannot create new type CD_Basket in production schema", underlying: internalError(2006))),
        ], omitted: 24)
        let error = RenderedError(domain: "CKErrorDomain", code: 2, message: "Partial Failure", perItem: items)
        history.apply(event(.export, start: day(0), end: day(0, hours: 0.01), succeeded: false, error: error))
        history.apply(event(.export, start: day(1), end: day(1, hours: 0.01), succeeded: false, error: error))
        let probe = ProbeReport(containerIdentifier: "iCloud.com.example.app", date: day(6), results: [
            ProbeResult(recordType: "CD_Basket", queryError: ck(11, "Did not find record type: CD_Basket")),
            ProbeResult(recordType: "CD_Item", queryError: ck(12, "Field 'recordName' is not marked queryable")),
            ProbeResult(recordType: "CD_Room", queryError: nil),
        ])
        let text = DiagnosticsReport.text(history: history, probe: probe, about: ["App: com.example.app 4.0 (1)"], now: day(6), timeZone: utc)
        let expected = """
            CloudKit sync diagnostics, 2026-10-19 10:00:00 +0000
            App: com.example.app 4.0 (1)
            Recording since: 2026-10-01 10:00:00 +0000

            Uploads failing since 13 Oct (6 days): CKErrorDomain 2 partialFailure, 25 per-record errors; rec-1 (zone com.apple.coredata.cloudkit.zone): CKErrorDomain 12 (invalidArguments) “Cannot create new type CD_Basket in production schema”
              last start: 2026-10-14 10:00:00 +0000
              last success: none recorded
              failing since: 2026-10-13 10:00:36 +0000
              failures since the last success: 2
              last error (2026-10-14 10:00:36 +0000):
                CKErrorDomain 2 (partialFailure): Partial Failure
                    per-record errors: 25
                      rec-1 (zone com.apple.coredata.cloudkit.zone):
                        CKErrorDomain 12 (invalidArguments): Cannot create new type CD_Basket in production schema
                            underlying error:
                              CKInternalErrorDomain 2006: 
                      … and 24 more not shown
              causes:
                - named: CloudKit refused a record this build writes (CKErrorDomain 12 (invalidArguments): “Cannot create new type CD_Basket in production schema”): the schema lacks a record type or field. Tap “Check the CloudKit schema”, and run the release gate (cloudkit-schema gate) before the next upload.

            Downloads: no event recorded since 1 Oct
              last start: none recorded
              last success: none recorded
              failing since: none recorded
              failures since the last success: 0

            Setup: no event recorded since 1 Oct
              last start: none recorded
              last success: none recorded
              failing since: none recorded
              failures since the last success: 0

            Warnings:
              - Uploads have failed for 6 days (2 attempts): changes made on this device since this history began are not confirmed in iCloud.

            CloudKit schema check of iCloud.com.example.app, 2026-10-19 10:00:00 +0000:
              1 present, 1 present or unknown (not indexed), 1 missing
              CD_Basket: missing
                  CKErrorDomain 11 (unknownItem): Did not find record type: CD_Basket
              CD_Item: present or unknown (not indexed)
                  CKErrorDomain 12 (invalidArguments): Field 'recordName' is not marked queryable
              CD_Room: present

            """
        #expect(text == expected, "\(text)")
    }

    @Test func aReportWithoutAProbeSaysSo() {
        let expected = ExpectedCloudKitSchema(containerIdentifier: nil, recordTypes: [.init("CD_A", fields: []), .init("CD_B", fields: [])])
        let text = DiagnosticsReport.text(history: SyncHistory(), probe: nil, expected: expected, now: day(0), timeZone: utc)
        #expect(text.hasSuffix("CloudKit schema check: not run (2 record types expected)\n"))
        #expect(text.contains("Recording since: unknown"))
    }

    @Test func anAccountProblemIsReported() {
        let probe = ProbeReport.accountUnavailable(containerIdentifier: "iCloud.x", date: day(0), status: "noAccount", recordTypes: ["CD_A"])
        let text = DiagnosticsReport.text(history: SyncHistory(), probe: probe, now: day(0), timeZone: utc)
        #expect(text.contains("  iCloud account status: noAccount; nothing was asked\n  1 not checked (iCloud account)\n  CD_A: not checked (iCloud account)\n"))
    }
}
