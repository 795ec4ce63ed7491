import ModelSource

extension LintModelReader {
    /// The ModelSource reader: SwiftData sources and Core Data models, from disk or from
    /// git blobs (`lint --since`).
    package static let standard = LintModelReader(
        readPaths: { ModelReader.read(paths: $0) },
        readFiles: { files in ModelReader.read(files: files.map { ModelSourceFile(path: $0.path, contents: $0.contents) }) })
}
