import SwiftData

// Trap: strings holding #, emoji, CJK text, colons, braces; Unicode names.
@Model final class Phrase {
    var text: String = "価格: {円} #1 🎉 \"quote\" : colon"
    var hashtag: String = "#swift #{not-a-directive} #if DEBUG"
    var raw: String = ##"She said "#hi"# and {left"##
    var 日本語: String = "カタカナ"
    var emoji: String = "👩‍👩‍👧‍👦 }}}"
    var count: Int = 0

    init() {}
}
