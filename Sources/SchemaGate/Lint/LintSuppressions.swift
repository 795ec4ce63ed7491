/// Suppression comments in a source file.
///
/// Syntax (the same token in Swift `//` or `/* */` comments, and in XML `<!-- -->`
/// comments of property lists and Core Data models):
///
///     cloudkit-schema:disable RULE-ID[, RULE-ID...] [-- reason]
///
/// * At the end of a line of code, it silences those rules on that line.
/// * On a line of its own, it silences them on the next declaration: the following lines
///   up to and including the first one that is not blank, not a comment and not an
///   attribute (`@Attribute(...)`, `@Relationship(...)` even when split over lines).
///
/// Ids are separated by commas; anything after the list is a free-form reason.
struct SuppressionIndex: Sendable {
    static let token = "cloudkit-schema:disable"

    private var rulesByLine: [Int: Set<String>] = [:]

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        for (index, line) in lines.enumerated() {
            guard let ids = Self.ruleIDs(in: line), !ids.isEmpty else { continue }
            let number = index + 1
            let last = Self.isCommentOnly(line) ? Self.declarationLine(after: index, in: lines) ?? number : number
            for covered in number...last { rulesByLine[covered, default: []].formUnion(ids) }
        }
    }

    func suppresses(_ rule: String, line: Int?) -> Bool {
        guard let line else { return false }
        return rulesByLine[line]?.contains(rule) ?? false
    }

    var isEmpty: Bool { rulesByLine.isEmpty }

    /// The ids named after the token, or nil when the line has no suppression.
    static func ruleIDs(in line: String) -> [String]? {
        guard let range = line.range(of: token) else { return nil }
        var rest = Substring(line[range.upperBound...])
        guard rest.first?.isWhitespace == true else { return nil }
        for end in ["*/", "-->"] {
            if let close = rest.range(of: end) { rest = rest[..<close.lowerBound] }
        }
        var ids: [String] = []
        var scanner = rest.drop { $0.isWhitespace }
        while true {
            let id = scanner.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            guard !id.isEmpty, !id.hasPrefix("-") else { break }
            ids.append(String(id))
            scanner = scanner.dropFirst(id.count).drop { $0 == " " || $0 == "\t" }
            guard scanner.first == "," else { break }
            scanner = scanner.dropFirst().drop { $0.isWhitespace }
        }
        return ids
    }

    static func isCommentOnly(_ line: String) -> Bool {
        let trimmed = line.drop { $0.isWhitespace }
        return ["//", "/*", "*", "<!--"].contains { trimmed.hasPrefix($0) }
    }

    /// The 1-based line of the declaration a standalone comment at `index` applies to.
    static func declarationLine(after index: Int, in lines: [String]) -> Int? {
        var depth = 0
        var next = index + 1
        while next < lines.count {
            let line = lines[next]
            let trimmed = line.drop { $0.isWhitespace }
            if depth > 0 {
                let (newDepth, remainder) = scanAttributes(trimmed, depth: depth)
                depth = newDepth
                if remainder { return next + 1 }
            } else if trimmed.isEmpty || isCommentOnly(line) {
                // skip
            } else if trimmed.hasPrefix("@") {
                let (newDepth, remainder) = scanAttributes(trimmed, depth: 0)
                depth = newDepth
                if remainder { return next + 1 }
            } else {
                return next + 1
            }
            next += 1
        }
        return nil
    }

    /// Walks attributes (`@Name(...)`), continuing an open argument list at `depth`.
    /// Returns the paren depth at the end of the line and whether code follows the attributes.
    static func scanAttributes(_ text: Substring, depth start: Int) -> (depth: Int, remainder: Bool) {
        var depth = start
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
            } else if depth > 0 {
                switch character {
                case "\"": inString = true
                case "(": depth += 1
                case ")": depth -= 1
                default: break
                }
            } else if character == "@" {
                // An attribute name, then maybe its argument list.
                index = text.index(after: index)
                while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" || text[index] == "." {
                    index = text.index(after: index)
                }
                if index < text.endIndex, text[index] == "(" {
                    depth = 1
                    index = text.index(after: index)
                }
                continue
            } else if character == "/" && text[index...].hasPrefix("//") {
                return (depth, false)
            } else if !character.isWhitespace {
                return (depth, true)
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return (max(depth, 0), false)
    }
}
