/// One token of Swift source, as much as the declaration parser needs: comments and
/// whitespace are gone, every string literal (raw, multi-line, interpolated) is one token.
struct SwiftToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
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

    var kind: Kind
    var text: String
    /// 1-based line where the token starts.
    var line: Int
    /// Whether a line break (or a comment holding one) separates it from the previous token:
    /// Swift ends statements at line breaks, so declarations end here.
    var newlineBefore: Bool
    /// A backticked identifier, never a keyword.
    var escaped: Bool = false

    func isPunctuation(_ text: String) -> Bool {
        kind == .punctuation && self.text == text
    }

    /// An unescaped identifier with this spelling (keywords are identifiers here).
    func isKeyword(_ text: String) -> Bool {
        kind == .identifier && !escaped && self.text == text
    }
}
