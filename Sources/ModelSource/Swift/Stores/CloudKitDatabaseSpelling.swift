/// What a SwiftData configuration's `cloudKitDatabase:` argument says, as written
/// (Docs/StoreMembership.md): the lint rules read it as written, the store membership
/// reads where it syncs (`ModelStore.Sync`).
package enum CloudKitDatabaseSpelling: Sendable, Equatable {
    /// Not given: the parameter's default, `.automatic`.
    case omitted
    case automatic
    case none
    /// `.private(...)`: the container identifier when it is a string literal (directly, or
    /// a `let` of the file bound to one), else nil.
    case `private`(String?)
    /// An expression naming `.none` and something else (`sync ? .private(id) : .none`);
    /// `container`: the one literal `.private("id")` it names besides `.none`, if that is all
    /// it names (when it syncs, it syncs there).
    case conditional(mentionsAutomatic: Bool, container: String? = nil)
    /// A variable or call whose value cannot be known from source.
    case unknown

    /// Where a store configured so syncs: a literal `.private` names its container;
    /// `.automatic` (by name or omission) takes the first container of the entitlements;
    /// anything else is not settled by the code.
    package var sync: ModelStore.Sync {
        switch self {
        case .omitted, .automatic: return .automatic
        case .none: return .none
        case .private(let container?), .conditional(mentionsAutomatic: false, container: let container?): return .container(container)
        case .private(nil), .conditional, .unknown: return .unknown
        }
    }

    /// Reads the value tokens of a `cloudKitDatabase:` argument. `literal` gives the string
    /// a name of the file is bound to (`.private(containerID)`), if any.
    static func read(_ value: Range<Int>, in syntax: StoreSyntax, literal: (String) -> String?) -> CloudKitDatabaseSpelling {
        guard !value.isEmpty else { return .unknown }
        var start = value.lowerBound
        // `ModelConfiguration.CloudKitDatabase.none`, `SwiftData.ModelConfiguration.CloudKitDatabase.none`.
        let tokens = syntax.tokens
        for name in ["SwiftData", "ModelConfiguration", "CloudKitDatabase"]
        where start + 2 < value.upperBound && syntax.isName(start, name) && tokens[start + 1].isPunctuation(".") {
            start += 2
        }
        // The last dot stays: `.none` reads as the member it is.
        if start > value.lowerBound { start -= 1 }
        let count = value.upperBound - start
        if count == 2, tokens[start].isPunctuation(".") {
            if syntax.isName(start + 1, "automatic") { return .automatic }
            if syntax.isName(start + 1, "none") { return .none }
        }
        if count >= 4, tokens[start].isPunctuation("."), tokens[start + 1].isKeyword(.private), tokens[start + 2].isPunctuation("("),
           syntax.matches[start + 2] == value.upperBound - 1 {
            let inside = start + 3..<value.upperBound - 1
            if inside.count == 1, let id = syntax.literal(at: inside.lowerBound) { return .private(id) }
            if inside.count == 1, tokens[inside.lowerBound].kind == .identifier { return .private(literal(tokens[inside.lowerBound].text(in: syntax.source))) }
            if inside.count == 3, tokens[inside.lowerBound + 1].isPunctuation("."), tokens[inside.lowerBound + 2].kind == .identifier {
                // `Self.containerID`, `Config.containerID`: a name the file binds.
                return .private(literal(tokens[inside.lowerBound + 2].text(in: syntax.source)))
            }
            return .private(nil)
        }
        func mentions(_ name: String) -> Bool {
            (start..<value.upperBound).dropFirst().contains { syntax.isName($0, name) && tokens[$0 - 1].isPunctuation(".") }
        }
        let (none, automatic, isPrivate) = (mentions("none"), mentions("automatic"), mentions("private"))
        if none { return .conditional(mentionsAutomatic: automatic, container: automatic ? nil : onlyLiteralContainer(start..<value.upperBound, syntax)) }
        if automatic { return .automatic }
        if isPrivate { return .private(nil) }
        return .unknown
    }

    /// The container of every `.private(...)` in `range`, when each is the same literal.
    private static func onlyLiteralContainer(_ range: Range<Int>, _ syntax: StoreSyntax) -> String? {
        let tokens = syntax.tokens
        var containers = Set<String>()
        for index in range.dropFirst() where tokens[index].isKeyword(.private) && tokens[index - 1].isPunctuation(".") {
            guard index + 3 < range.upperBound, tokens[index + 1].isPunctuation("("), syntax.matches[index + 1] == index + 3,
                  let literal = syntax.literal(at: index + 2) else { return nil }
            containers.insert(literal)
        }
        return containers.count == 1 ? containers.first : nil
    }
}
