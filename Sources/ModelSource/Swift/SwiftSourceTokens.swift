/// The model reader's Swift lexer, for every other scan of Swift source (lint's store
/// configuration scan): one reading of comments, strings and regex literals, so what
/// hides code from one scan hides it from all.
package enum SwiftSourceTokens {
    package static func tokens(_ bytes: [UInt8]) -> [SwiftToken] {
        SwiftLexer.tokenize(bytes)
    }
}
