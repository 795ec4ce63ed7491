/// One token of Swift source, as much as the declaration parser needs: comments and
/// whitespace are gone, every string literal (raw, multi-line, interpolated) is one token.
/// Public for the other scans of Swift source (`SwiftSourceTokens`).
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Names and keywords (`var`, `Item`, `` `default` ``).
        case identifier
        /// `@Name` or `@Module.Name`; `text` is the name without `@`.
        case attribute
        /// `#if`, `#Unique`...; `text` is the name without `#`.
        case pound
        /// Any string literal; `text` is its raw contents between the delimiters.
        case string
        case number
        /// One of `{ } ( ) [ ] , : ; . \ < > = ? ! @ #`.
        case punctuation
        /// Any other run of operator characters (`==`, `->` is `-` then `>`).
        case `operator`
    }

    public var kind: Kind
    public var text: String
    /// 1-based line where the token starts.
    public var line: Int
    /// Whether a line break (or a comment holding one) separates it from the previous token:
    /// Swift ends statements at line breaks, so declarations end here.
    public var newlineBefore: Bool
    /// A backticked identifier, never a keyword.
    public var escaped: Bool = false

    public func isPunctuation(_ text: String) -> Bool {
        kind == .punctuation && self.text == text
    }

    /// An unescaped identifier with this spelling (keywords are identifiers here).
    public func isKeyword(_ text: String) -> Bool {
        kind == .identifier && !escaped && self.text == text
    }
}
