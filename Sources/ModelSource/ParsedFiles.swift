/// Files parsed on their own, to be assembled into models later with other files: the
/// files two versions of a tree share are parsed once for both, and change detection asks
/// what each changed file does with models without lexing it a second time.
package struct ParsedFiles: Sendable {
    var results: [(path: String, result: ModelReader.FileResult)]
    private var indexByPath: [String: Int]

    init(_ results: [(path: String, result: ModelReader.FileResult)]) {
        self.results = results
        indexByPath = Dictionary(results.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package init() {
        self.init([])
    }

    /// The files whose path passes `isIncluded`.
    package func filter(_ isIncluded: (String) -> Bool) -> ParsedFiles {
        ParsedFiles(results.filter { isIncluded($0.path) })
    }

    /// Whether `path` gives the model reader the same declarations here and in `other`,
    /// lines aside: both Swift files with equal declarations and no problems, or both
    /// absent or of no interest to it. A Core Data file never counts as the same (its
    /// model is read from the whole bundle).
    package func declaresTheSame(at path: String, as other: ParsedFiles) -> Bool {
        switch (result(at: path), other.result(at: path)) {
        case (nil, nil), (.skipped?, nil), (nil, .skipped?), (.skipped?, .skipped?):
            return true
        case let (.swift(mine, myProblems)?, .swift(theirs, theirProblems)?):
            return myProblems.isEmpty && theirProblems.isEmpty && mine.declaresTheSame(as: theirs)
        default:
            return false
        }
    }

    /// Whether the reader takes anything from the file at `path` (false when it was not
    /// parsed here, or holds nothing model-like).
    package func contributes(at path: String) -> Bool {
        switch result(at: path) {
        case nil, .skipped?: return false
        case .swift?, .coreData?: return true
        }
    }

    private func result(at path: String) -> ModelReader.FileResult? {
        indexByPath[path].map { results[$0].result }
    }

    /// What a parsed Swift file does with models; nil for a path not parsed here. A file
    /// the reader skipped (nothing model-like in it) neither declares nor registers.
    package func modelRoles(of path: String) -> SwiftModelParser.ModelRoles? {
        guard let index = indexByPath[path] else { return nil }
        guard case .swift(let declarations, _) = results[index].result else {
            return SwiftModelParser.ModelRoles(declaresModel: false, registersModels: false)
        }
        return SwiftModelParser.roles(of: declarations)
    }
}
