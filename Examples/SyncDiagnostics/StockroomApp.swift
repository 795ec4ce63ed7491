// CloudKitSyncDiagnostics wired into the Stockroom app (Docs/SyncDiagnostics.md).
// ProductionSchema.swift beside it is generated from the models the release gate reads:
//   cloudkit-schema probe-list --models Examples/Stockroom/Models \
//     --container-id iCloud.com.example.stockroom --output Examples/SyncDiagnostics/ProductionSchema.swift
import CloudKitSyncDiagnostics
import SwiftData
import SwiftUI

@main
struct StockroomApp: App {
    // Created with the app; events from before it observed come from the event request.
    @StateObject private var diagnostics = SyncDiagnosticsModel(expected: .app, appGroup: "group.com.example.stockroom")
    private let container = try! StockroomSchema.makeContainer(syncEnabled: true)

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                Text("Stockroom")
                    .toolbar { NavigationLink("Sync diagnostics") { SyncDiagnosticsView(model: diagnostics) } }
            }
        }
        .modelContainer(container)
    }
}
