import Foundation
import ModelSource

/// A place in Swift source that configures a SwiftData store, and what it says about
/// CloudKit: `ModelConfiguration(...)`, `ModelContainer(for:)` without configurations,
/// and the SwiftUI `.modelContainer(for:)` modifier (both use a default configuration,
/// whose `cloudKitDatabase` is `.automatic`).
package struct ModelConfigurationSite: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case configuration = "ModelConfiguration(...)"
        case containerDefault = "ModelContainer(for:) without configurations"
        case modifierDefault = ".modelContainer(for:)"
    }

    /// What the `cloudKitDatabase:` argument says.
    package enum Database: Sendable, Equatable {
        /// Not given: the default, `.automatic`.
        case omitted
        case automatic
        case none
        case `private`
        /// An expression naming `.none` and something else (`sync ? .private(id) : .none`).
        case conditional(mentionsAutomatic: Bool)
        /// A variable or call whose value cannot be known from source.
        case unknown
    }

    package var kind: Kind
    package var line: Int
    package var database: Database
    package var inMemory: Bool
    /// Inside a `#Preview { ... }` body.
    package var inPreview: Bool

    static func database(from call: SwiftCall) -> Database {
        guard let value = call.argument("cloudKitDatabase")?.value else { return .omitted }
        let bare = value.replacingOccurrences(of: "ModelConfiguration.CloudKitDatabase", with: "")
        switch bare {
        case ".automatic": return .automatic
        case ".none": return .none
        default: break
        }
        let (none, automatic, isPrivate) = (bare.contains(".none"), bare.contains(".automatic"), bare.contains(".private"))
        if none { return .conditional(mentionsAutomatic: automatic) }
        if automatic { return .automatic }
        if isPrivate { return .private }
        return .unknown
    }

    /// All sites in one file's tokens.
    static func sites(in tokens: [SwiftToken]) -> [ModelConfigurationSite] {
        let previews = previewBodies(in: tokens)
        func inPreview(_ call: SwiftCall) -> Bool { previews.contains { $0.contains(call.position) } }
        var sites: [ModelConfigurationSite] = []
        for call in SwiftCallScanner.calls(of: "ModelConfiguration", in: tokens) {
            sites.append(ModelConfigurationSite(
                kind: .configuration, line: call.line, database: database(from: call),
                inMemory: call.argument("isStoredInMemoryOnly")?.value == "true", inPreview: inPreview(call)))
        }
        for call in SwiftCallScanner.calls(of: "ModelContainer", in: tokens)
        where call.argument("for") != nil && call.argument("configurations") == nil {
            sites.append(ModelConfigurationSite(
                kind: .containerDefault, line: call.line, database: .omitted, inMemory: false, inPreview: inPreview(call)))
        }
        for call in SwiftCallScanner.calls(of: "modelContainer", in: tokens, member: true) where call.argument("for") != nil {
            sites.append(ModelConfigurationSite(
                kind: .modifierDefault, line: call.line, database: .omitted,
                inMemory: call.argument("inMemory")?.value == "true", inPreview: inPreview(call)))
        }
        return sites.sorted { $0.line < $1.line }
    }

    /// Token ranges of `#Preview ... { body }`.
    static func previewBodies(in tokens: [SwiftToken]) -> [Range<Int>] {
        var bodies: [Range<Int>] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .pound, tokens[index].text == "Preview" else {
                index += 1
                continue
            }
            // Skip the optional argument list, then take the braces.
            var cursor = index + 1
            var parens = 0
            while cursor < tokens.count {
                let token = tokens[cursor]
                if token.isPunctuation("(") { parens += 1 }
                if token.isPunctuation(")") { parens -= 1 }
                if token.isPunctuation("{") && parens <= 0 { break }
                cursor += 1
            }
            var depth = 0
            var end = cursor
            while end < tokens.count {
                if tokens[end].isPunctuation("{") { depth += 1 }
                if tokens[end].isPunctuation("}") {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            bodies.append(cursor..<min(end + 1, tokens.count))
            index = max(end, index + 1)
        }
        return bodies
    }
}

/// A Swift file scanned for configuration traps.
package struct SwiftSourceFile: Sendable {
    package var path: String
    package var sites: [ModelConfigurationSite]
    /// A test file (imports XCTest or Testing, or lives in a `...Tests` folder) or preview
    /// code (`PreviewProvider`, a `Preview Content` folder, `Preview` in the file name).
    package var isTestOrPreview: Bool

    /// - Parameter projectPath: the path inside the project (relative to where lint runs),
    ///   for the test-folder heuristic; folders above the project must not count.
    package init(path: String, contents: [UInt8], projectPath: String? = nil) {
        self.path = path
        let tokens = SwiftSourceTokens.tokens(contents)
        sites = ModelConfigurationSite.sites(in: tokens)
        isTestOrPreview = Self.isTestOrPreview(path: projectPath ?? path, tokens: tokens)
    }

    /// Whether the file may hold a site at all: a cheap byte search that lets a scan skip
    /// most files without lexing them.
    package static func mayConfigureStore(_ contents: [UInt8]) -> Bool {
        contains(contents, "ModelConfiguration") || contains(contents, "odelContainer")
    }

    static func isTestOrPreview(path: String, tokens: [SwiftToken]) -> Bool {
        let components = path.split(separator: "/")
        let fileName = components.last.map(String.init) ?? path
        if components.dropLast().contains(where: { $0.hasSuffix("Tests") || $0 == "Preview Content" }) { return true }
        if fileName.contains("Tests") || fileName.contains("Preview") { return true }
        return tokens.indices.contains { index in
            let token = tokens[index]
            guard token.kind == .identifier else { return false }
            if token.text.contains("PreviewProvider") { return true }
            guard token.isKeyword("import"), index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return false }
            let module = tokens[index + 1].text
            return module.hasPrefix("XCTest") || module.hasPrefix("Testing")
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let bytes = Array(needle.utf8)
        guard let first = bytes.first, haystack.count >= bytes.count else { return false }
        var index = 0
        while index + bytes.count <= haystack.count {
            if haystack[index] == first && haystack[index..<index + bytes.count].elementsEqual(bytes) { return true }
            index += 1
        }
        return false
    }
}
