#if canImport(SwiftUI) && canImport(CoreData) && canImport(CloudKit)
import CoreData
import SwiftUI
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// What the diagnostics view shows: the recorded history, the last schema check, and the
/// report text. Start it once, early (the app's `init`), so no event is missed.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor
public final class SyncDiagnosticsModel: ObservableObject {
    @Published public private(set) var history: SyncHistory
    @Published public private(set) var probe: ProbeReport?
    @Published public private(set) var isProbing = false
    public let expected: ExpectedCloudKitSchema
    public let containerIdentifier: String?
    private let recorder: SyncEventRecorder

    /// - Parameters:
    ///   - expected: the generated list (`cloudkit-schema probe-list`).
    ///   - appGroup: keeps the history in this app group's container.
    ///   - container: a Core Data app's container; nil for SwiftData (every container's events).
    public init(
        expected: ExpectedCloudKitSchema, appGroup: String? = nil, container: NSPersistentCloudKitContainer? = nil,
        containerIdentifier: String? = nil
    ) {
        let store = SyncHistoryStore.standard(appGroup: appGroup)
        self.expected = expected
        self.containerIdentifier = containerIdentifier ?? expected.containerIdentifier
        recorder = SyncEventRecorder(store: store)
        history = store.history
        store.observe { [weak self] history in
            guard let model = self else { return }
            Task { @MainActor in model.history = history }
        }
        recorder.start(container: container)
    }

    public var summary: SyncSummary { SyncSummary(history: history, now: Date(), timeZone: .current) }

    /// Asks the container which of the expected record types exist (read-only).
    public func checkSchema() async {
        guard !isProbing else { return }
        isProbing = true
        defer { isProbing = false }
        probe = await CloudKitSchemaProbe(expected: expected, containerIdentifier: containerIdentifier).run()
    }

    public func report() -> String {
        let info = Bundle.main.infoDictionary ?? [:]
        let app = "App: \(Bundle.main.bundleIdentifier ?? "?") \(info["CFBundleShortVersionString"] as? String ?? "?") (\(info["CFBundleVersion"] as? String ?? "?"))"
        let system = "System: \(ProcessInfo.processInfo.operatingSystemVersionString)"
        let container = "Container: \(containerIdentifier ?? "not set")"
        return DiagnosticsReport.text(
            history: history, probe: probe, expected: expected, about: [app, system, container], now: Date(), timeZone: .current)
    }
}

/// A list for a debug or hidden menu: Uploads, Downloads and Setup with their last success
/// and failing streak, warnings, the causes the errors name, "Check the CloudKit schema",
/// and the report to copy or share.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct SyncDiagnosticsView: View {
    @ObservedObject private var model: SyncDiagnosticsModel

    public init(model: SyncDiagnosticsModel) {
        self.model = model
    }

    public var body: some View {
        let summary = model.summary
        List {
            Section("iCloud sync") {
                ForEach(summary.activities, id: \.activity) { row in
                    VStack(alignment: .leading, spacing: 2) {
                        HStack {
                            Text(row.activity.title)
                            Spacer()
                            Text(row.status).foregroundStyle(row.state == .failing ? Color.red : Color.secondary)
                        }
                        Text(row.lastSuccess).font(.caption).foregroundStyle(.secondary)
                        ForEach(row.causes, id: \.kind) { Text($0.explanation).font(.caption) }
                    }
                }
                ForEach(summary.warnings, id: \.self) { warning in
                    Label(warning, systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
                }
            }
            Section("CloudKit schema") {
                Button(model.isProbing ? "Checking…" : "Check the CloudKit schema") {
                    let model = model
                    Task { await model.checkSchema() }
                }
                .disabled(model.isProbing)
                if let probe = model.probe {
                    if let status = probe.accountStatus { Text("iCloud account: \(status)") }
                    ForEach(probe.results, id: \.recordType) { result in
                        HStack {
                            Text(result.recordType).font(.caption.monospaced())
                            Spacer()
                            Text(result.answer.label).font(.caption)
                                .foregroundStyle(result.answer == .missing ? Color.red : Color.secondary)
                        }
                    }
                }
            }
            Section("Report") {
                #if !os(tvOS)
                ShareLink(item: model.report())
                #endif
                #if os(iOS)
                Button("Copy report") { UIPasteboard.general.string = model.report() }
                #elseif os(macOS)
                Button("Copy report") {
                    NSPasteboard.general.clearContents()
                    NSPasteboard.general.setString(model.report(), forType: .string)
                }
                #endif
            }
        }
    }
}
#endif
