import Foundation

/// A light reading of a local Swift package's `Package.swift`, without running it: the
/// products with the targets they list, the targets with their kind, path and
/// dependencies, and the packages it depends on by path (Docs/local-packages.md). Only
/// literal spellings are read; what the text builds otherwise (variables, loops,
/// interpolation) leaves `settled` false, and the caller then takes every non-test
/// target: more folders, never fewer.
struct PackageManifestText: Equatable {
    struct Target: Equatable {
        var name: String
        var isTest: Bool
        /// `path:` as written, relative to the package; nil for the default place.
        var path: String?
        var dependencies: [Dependency]
    }

    enum Dependency: Equatable {
        /// `"Name"` or `.byName(name:)`: a target of this package, else a product of a dependency.
        case byName(String)
        case target(String)
        case product(name: String, package: String?)
    }

    /// A `.package(path:)` dependency: its identity (`name:`, else the folder's last
    /// component) and its path relative to this package.
    struct LocalPackage: Equatable {
        var identity: String
        var path: String
    }

    var products: [String: [String]] = [:]
    var targets: [Target] = []
    var localPackages: [LocalPackage] = []
    /// False when a declaration this reading relies on is not literal.
    var settled = true

    static let targetKinds: [String: Bool] = [
        "target": false, "executableTarget": false, "macro": false, "testTarget": true,
    ]
    static let productKinds: Set<String> = ["library", "executable"]

    init(_ source: String) {
        let text = Self.withoutComments(source)
        var index = text.startIndex
        while let call = Self.nextCall(in: text, from: index) {
            index = call.end
            let arguments = Self.arguments(call.arguments)
            if let isTest = Self.targetKinds[call.name] {
                readTarget(arguments, isTest: isTest)
            } else if Self.productKinds.contains(call.name) {
                readProduct(arguments)
            } else if call.name == "package", let path = arguments["path"].flatMap(Self.string) {
                let identity = arguments["name"].flatMap(Self.string) ?? (path as NSString).lastPathComponent
                localPackages.append(LocalPackage(identity: identity, path: path))
            }
        }
    }

    func target(named name: String) -> Target? { targets.first { $0.name == name } }

    private mutating func readTarget(_ arguments: [String: String], isTest: Bool) {
        guard let name = arguments["name"].flatMap(Self.string) else { settled = false; return }
        var path: String?
        if let written = arguments["path"] {
            guard let literal = Self.string(written) else { settled = false; return }
            path = literal
        }
        var dependencies: [Dependency] = []
        if let list = arguments["dependencies"] {
            guard let elements = Self.elements(list) else { settled = false; return }
            for element in elements {
                guard let dependency = Self.dependency(element) else { settled = false; continue }
                dependencies.append(dependency)
            }
        }
        targets.append(Target(name: name, isTest: isTest, path: path, dependencies: dependencies))
    }

    private mutating func readProduct(_ arguments: [String: String]) {
        guard let name = arguments["name"].flatMap(Self.string),
              let elements = arguments["targets"].flatMap(Self.elements) else { settled = false; return }
        let names = elements.compactMap(Self.string)
        guard names.count == elements.count else { settled = false; return }
        products[name] = names
    }

    private static func dependency(_ element: String) -> Dependency? {
        if let name = string(element) { return .byName(name) }
        guard let call = nextCall(in: element, from: element.startIndex), element.hasPrefix(".") else { return nil }
        let arguments = arguments(call.arguments)
        guard let name = arguments["name"].flatMap(string) else { return nil }
        switch call.name {
        case "byName": return .byName(name)
        case "target": return .target(name)
        case "product":
            if let package = arguments["package"] {
                guard let literal = string(package) else { return nil }
                return .product(name: name, package: literal)
            }
            return .product(name: name, package: nil)
        default: return nil
        }
    }

    // MARK: Text

    /// The source with `//` and `/* */` comments blanked (strings kept as written).
    static func withoutComments(_ text: String) -> String {
        var output = "", inString = false, previous: Character = " "
        let iterator = Array(text)
        var index = 0
        while index < iterator.count {
            let character = iterator[index]
            if inString {
                output.append(character)
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
                output.append(character)
            } else if character == "/", index + 1 < iterator.count, iterator[index + 1] == "/" {
                while index < iterator.count, iterator[index] != "\n" { index += 1 }
                continue
            } else if character == "/", index + 1 < iterator.count, iterator[index + 1] == "*" {
                index += 2
                while index + 1 < iterator.count, !(iterator[index] == "*" && iterator[index + 1] == "/") { index += 1 }
                index += 2
                output.append(" ")
                continue
            } else {
                output.append(character)
            }
            previous = character
            index += 1
        }
        return output
    }

    /// The next `.name(` outside strings from `start`, with its argument text and the index
    /// after its closing parenthesis (so calls nested in its arguments are not visited).
    static func nextCall(in text: String, from start: String.Index) -> (name: String, arguments: Substring, end: String.Index)? {
        var index = start, inString = false
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString, character == "." {
                var nameEnd = text.index(after: index)
                while nameEnd < text.endIndex, text[nameEnd].isLetter || text[nameEnd].isNumber || text[nameEnd] == "_" {
                    nameEnd = text.index(after: nameEnd)
                }
                if nameEnd < text.endIndex, text[nameEnd] == "(", nameEnd > text.index(after: index) {
                    let open = text.index(after: nameEnd)
                    guard let close = closing(text, from: open) else { return nil }
                    return (String(text[text.index(after: index)..<nameEnd]), text[open..<close], text.index(after: close))
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The index of the bracket that closes one opened just before `start`.
    private static func closing(_ text: String, from start: String.Index) -> String.Index? {
        var depth = 1, inString = false, index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                inString.toggle()
            } else if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The comma-separated parts at depth 0, trimmed.
    static func parts(_ text: Substring) -> [String] {
        var parts: [String] = [], current = "", depth = 0, inString = false
        for character in text {
            if character == "\"" { inString.toggle() }
            if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
                if character == ",", depth == 0 {
                    parts.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        let last = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !last.isEmpty { parts.append(last) }
        return parts
    }

    /// Labelled arguments by label (`name: "Core"` → `name`: `"Core"`); the first of each label.
    static func arguments(_ text: Substring) -> [String: String] {
        var labelled: [String: String] = [:]
        for part in parts(text) {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let label = part[..<colon].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), labelled[label] == nil else { continue }
            labelled[label] = part[part.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return labelled
    }

    /// A plain string literal's text; nil for anything else (interpolation, escapes, expressions).
    static func string(_ text: String) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("\""), !inner.contains("\\") else { return nil }
        return String(inner)
    }

    /// The elements of an array literal `[a, b]`; nil when the text is not one.
    static func elements(_ text: String) -> [String]? {
        guard text.first == "[", text.last == "]" else { return nil }
        return parts(text.dropFirst().dropLast())
    }
}
