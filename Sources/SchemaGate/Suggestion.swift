/// "Did you mean": the one place that picks the nearest known word for a misspelt
/// command, option, format, configuration key or lint rule id.
package enum Suggestion {
    /// The candidate within a small edit distance of `word` (case-insensitive): at most
    /// 2 edits, or a third of the candidate's length. Otherwise a candidate that starts
    /// with `word` (3 characters or more), as `cktool` for `cktoolSeconds`.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        let scored = candidates.map { ($0, editDistance(lowered, Array($0.lowercased()))) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) { return best.0 }
        guard word.count >= 3 else { return nil }
        return candidates.first { $0.lowercased().hasPrefix(word.lowercased()) }
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
