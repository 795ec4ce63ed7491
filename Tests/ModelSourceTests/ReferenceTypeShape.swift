@testable import ModelSource

/// The rules of `SwiftTypeShape` as they were first written, on characters, a scan per
/// nesting level (quadratic): the oracle the linear `TypeShapeScan` is compared with, on
/// bytes and on characters (FastPathTests).
enum ReferenceTypeShape {
    static func shape(_ text: String) -> SwiftTypeShape {
        var base = trimmed(text)
        var optional = false
        while true {
            if base.hasSuffix("?") || base.hasSuffix("!") {
                base = trimmed(String(base.dropLast()))
                optional = true
            } else if let inner = genericArgument(of: base, named: ["Optional", "Swift.Optional"]) {
                base = inner
                optional = true
            } else if base.hasPrefix("("), base.hasSuffix(")"), isSingleGroup(base) {
                base = trimmed(String(base.dropFirst().dropLast()))
            } else {
                break
            }
        }
        var element: String?
        var isDictionary = false
        if base.hasPrefix("["), base.hasSuffix("]"), isSingleGroup(base) {
            let inside = trimmed(String(base.dropFirst().dropLast()))
            if topLevelColon(in: inside) { isDictionary = true } else { element = inside }
        } else if let inner = genericArgument(of: base, named: ["Array", "Set", "ContiguousArray", "Swift.Array", "Swift.Set"]) {
            element = inner
        } else if base.hasPrefix("Dictionary<") || base.hasPrefix("Swift.Dictionary<") {
            isDictionary = true
        }
        return SwiftTypeShape(base: base, optional: optional, element: element, isDictionary: isDictionary)
    }

    static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        while result.first?.isWhitespace == true { result = result.dropFirst() }
        while result.last?.isWhitespace == true { result = result.dropLast() }
        return String(result)
    }

    static func genericArgument(of text: String, named names: [String]) -> String? {
        for name in names where text.hasPrefix(name + "<") && text.hasSuffix(">") {
            let inner = String(text.dropFirst(name.count + 1).dropLast())
            return isBalanced(inner) ? trimmed(inner) : nil
        }
        return nil
    }

    static func isSingleGroup(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if depth == 0, offset < text.count - 1 { return false }
        }
        return depth == 0
    }

    static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    static func topLevelColon(in text: String) -> Bool {
        var depth = 0
        for character in text {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ":", depth == 0 { return true }
        }
        return false
    }
}
