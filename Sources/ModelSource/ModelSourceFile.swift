/// One model source held in memory: a `.swift` file, a Core Data `contents` XML file
/// (its path inside the bundle, e.g. `App.xcdatamodeld/App 2.xcdatamodel/contents`) or a
/// bundle's `.xccurrentversion`. Lets callers read models from anywhere (a directory, a
/// git blob at an older commit) through one reader.
package struct ModelSourceFile: Sendable, Equatable {
    package var path: String
    package var contents: [UInt8]

    package init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// What the reader does with a file, decided by its path alone.
    enum Role: Equatable {
        case swift
        /// `<bundle>.xcdatamodel/contents`; `modelBundle` is the `.xcdatamodeld` holding it, if any.
        case coreDataContents(version: String, modelBundle: String?)
        /// `<bundle>.xcdatamodeld/.xccurrentversion`.
        case coreDataCurrentVersion(modelBundle: String)
        case other
    }

    var role: Role {
        if path.hasSuffix(".swift") { return .swift }
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.last, components.count >= 2 else { return .other }
        let parent = components[components.count - 2]
        if last == "contents", parent.hasSuffix(".xcdatamodel") {
            let version = components.dropLast().joined(separator: "/")
            let bundle = components.count >= 3 && components[components.count - 3].hasSuffix(".xcdatamodeld")
                ? components.dropLast(2).joined(separator: "/") : nil
            return .coreDataContents(version: version, modelBundle: bundle)
        }
        if last == ".xccurrentversion", parent.hasSuffix(".xcdatamodeld") {
            return .coreDataCurrentVersion(modelBundle: components.dropLast().joined(separator: "/"))
        }
        return .other
    }
}
