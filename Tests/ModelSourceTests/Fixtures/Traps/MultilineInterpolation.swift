import SwiftData

// Trap: multi-line strings with interpolations holding strings, parens and quotes.
@Model final class Letter {
    var body: String = """
        Dear \("reader"),
        } { braces "quotes" and \(1 + (2 * 3)) nested "\("inner ) paren")"
        @Model class Fake {
        """
    var signature: String = #"""
        raw \#("interpolated") and "quotes" """ is not the end
        """#
    var pages: Int = 1

    init() {}
}
