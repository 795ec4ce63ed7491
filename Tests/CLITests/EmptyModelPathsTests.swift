import Foundation
import Testing
import TestSupport

/// `"modelPaths": []` names no model source: every command says what it means and how to
/// fix it, with the line, never a message with an empty list of paths in it.
@Suite(.waitsOnProcesses) struct EmptyModelPathsTests {
    @Test(arguments: [
        (#"{ "modelPaths": [] }"#, "modelPaths"),
        (#"{ "containers": [{ "id": "\#(Pantry.container)", "modelPaths": [] }] }"#, "containers[0].modelPaths"),
    ])
    func anEmptyListIsRefusedWithItsMeaningAndFix(file: String, keyPath: String) throws {
        let app = try XcodeAppFixture()
        app.repo.write(".cloudkit-schema.json", file)
        for arguments in [["models"], ["lint"], ["expected"], ["gate"]] {
            let result = app.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.output.contains(".cloudkit-schema.json:1: \(keyPath): an empty list names no model source"), "\(arguments): \(result.output)")
            #expect(!result.output.contains(" in :") && !result.output.contains(" in  ("), "\(arguments): \(result.output)")
        }
    }
}
