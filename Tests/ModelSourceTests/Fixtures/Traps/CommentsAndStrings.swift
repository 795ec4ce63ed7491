import SwiftData

// @Model final class LineCommentFake { var x: Int = 0 }
/* @Model
   final class BlockCommentFake { var y: String = "" }
   /* a nested comment with a brace { and @Model class NestedFake {} */
   still inside the outer comment: } } @Model class StillFake {
*/
@Model
final class Note {
    var title: String = "@Model class StringFake { var z = 1 }"
    var body: String = "braces } { and \"quotes\" and \\(not interpolation)"
    var template: String = #"raw "@Model" { \(not interpolated) }"#
    // var commentedOut: Int = 0
    var count: Int = 0 /* trailing { comment */
    init() {}
}

let sample = "@Model final class TopLevelStringFake {"
