import Foundation
import TestSupport
import Testing

/// The consumer's targets that apply the `CloudKitModelLint` build-tool plugin. Their
/// models sit in `#if canImport(SwiftData)`, so on Linux (no SwiftData) they compile
/// either way: a failing build is the plugin's doing, not the compiler's.
enum LintedTarget: String, CaseIterable {
    case clean = "LintedModels"
    case broken = "LintedBroken"

    /// How the consumer's manifest applies the plugin. A path dependency's package
    /// identity is its directory's name.
    static var manifestEntries: String {
        let identity = URL(fileURLWithPath: packageRoot).lastPathComponent.lowercased()
        return allCases.map {
            ".target(name: \"\($0.rawValue)\", plugins: [.plugin(name: \"CloudKitModelLint\", package: \"\(identity)\")])"
        }.joined(separator: ",\n")
    }

    var source: String { "Sources/\(rawValue)/Models.swift" }

    /// The line `unique-constraint` is reported at in the broken model.
    static let violationLine = 9

    var model: String { Self.model(self == .clean ? "var code: String = \"\"" : "@Attribute(.unique) var code: String = \"\"") }

    static func model(_ codeProperty: String) -> String {
        """
        #if canImport(SwiftData)
        import Foundation
        import SwiftData

        @Model
        final class Shelf {
            var label: String = ""
            @Relationship(deleteRule: .cascade, inverse: \\Box.shelf) var boxes: [Box]? = []
            \(codeProperty)
            init() {}
        }

        @Model
        final class Box {
            var shelf: Shelf?
            init() {}
        }
        #endif

        """
    }
}

/// `swift build` of a consumer whose targets apply `CloudKitModelLint`: a model CloudKit
/// cannot mirror fails the build with the diagnostic at its file and line; a clean target
/// builds; editing a file reruns lint (the Swift files are the build command's inputs).
/// The consumer is the one the command-plugin tests share, so the tool is built once.
@Suite(.serialized, .waitsOnProcesses) struct BuildToolPluginTests {
    var consumer: ConsumerPackage { get throws { try ConsumerPackage.shared.get() } }

    /// `file:line[:column]: error: message [code]` lines of a build's output (the `xcode`
    /// format; Xcode and SwiftPM take the column as optional).
    struct Diagnostic: Equatable {
        var file: String, line: Int, kind: String, code: String
    }

    static func diagnostics(in output: String) -> [Diagnostic] {
        output.split(separator: "\n").compactMap { text -> Diagnostic? in
            let line = String(text)
            guard let kind = ["error", "warning"].first(where: { line.contains(": \($0): ") }),
                  let separator = line.range(of: ": \(kind): ") else { return nil }
            var place = line[..<separator.lowerBound].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if place.count >= 3, Int(place[place.count - 1]) != nil, Int(place[place.count - 2]) != nil { place.removeLast() }
            guard place.count >= 2, let number = Int(place.removeLast()),
                  let code = line[separator.upperBound...].split(separator: "[").last?.split(separator: "]").first
            else { return nil }
            return Diagnostic(file: canonical(place.joined(separator: ":")), line: number, kind: kind, code: String(code))
        }
    }

    /// The one canonicalisation both sides of a path comparison go through.
    static func canonical(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

    @Test func aModelViolationFailsTheBuildAtItsFileAndLine() throws {
        let consumer = try consumer
        let run = try consumer.swiftBuild(target: LintedTarget.broken.rawValue)
        #expect(run.status != 0, "\(run.output)")
        let expected = Diagnostic(
            file: Self.canonical(consumer.root + "/" + LintedTarget.broken.source), line: LintedTarget.violationLine,
            kind: "error", code: "unique-constraint")
        #expect(Self.diagnostics(in: run.output).contains(expected), "\(run.output)")
        #expect(try stamp(of: .broken) == nil, "no stamp for a failing lint")
    }

    @Test func aCleanTargetBuildsAndAnEditRerunsLint() throws {
        let consumer = try consumer
        let clean = try consumer.swiftBuild(target: LintedTarget.clean.rawValue)
        #expect(clean.status == 0, "\(clean.output)")
        #expect(try stamp(of: .clean) != nil, "the build command's output")

        let source = LintedTarget.clean.source
        defer { try? consumer.write(source, LintedTarget.clean.model) }
        try consumer.write(source, LintedTarget.model("@Attribute(.unique) var code: String = \"\""))
        let edited = try consumer.swiftBuild(target: LintedTarget.clean.rawValue)
        #expect(edited.status != 0, "\(edited.output)")
        #expect(Set(Self.diagnostics(in: edited.output).map(\.line)) == [LintedTarget.violationLine], "\(edited.output)")

        try consumer.write(source, LintedTarget.clean.model)
        let restored = try consumer.swiftBuild(target: LintedTarget.clean.rawValue)
        #expect(restored.status == 0, "\(restored.output)")
    }

    /// The stamp's text, found under the consumer's plugin outputs (SwiftPM picks the folder).
    func stamp(of target: LintedTarget) throws -> String? {
        let outputs = try consumer.root + "/.build/plugins/outputs"
        let enumerator = FileManager.default.enumerator(atPath: outputs)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix("/CloudKitModelLint-passed.swift"), relative.contains("/\(target.rawValue)/") {
                return try String(contentsOfFile: outputs + "/" + relative, encoding: .utf8)
            }
        }
        return nil
    }
}
