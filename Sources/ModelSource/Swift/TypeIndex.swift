/// Types declared anywhere in the sources, for inference from initial values
/// (`Kind.default`, `Kind.default.rawValue`) and for telling enums from structs.
///
/// Indexed by name and by qualified name once: apps declare many types of the same name
/// (a `Mode` or `Kind` nested in each of hundreds of views), so a lookup must not scan them.
struct TypeIndex {
    /// A nested type's qualified name, with the simple name it ends in.
    private struct Key: Hashable {
        var name: String
        var written: String
    }

    /// The types with a simple name: the first declared, and the first whose qualified
    /// name is that name (a top-level one).
    private struct Named {
        var first: Int
        var topLevel: Int?

    }

    /// Called last to first: each call moves the firsts back. One hash, unless a nested
    /// type comes before a top-level one of its name (then the top-level one is kept).
    private mutating func note(_ name: String, at index: Int, isTopLevel: Bool) {
        let named = Named(first: index, topLevel: isTopLevel ? index : nil)
        if let later = byName.updateValue(named, forKey: name)?.topLevel, !isTopLevel {
            byName[name]?.topLevel = later
        }
    }

    /// The declared types (extensions aside) by position in `files`: a copy of each would
    /// retain (and later release) every array it holds, for each of an app's thousands of
    /// types, on one core.
    private struct Position {
        var file: Int
        var type: Int
    }

    private let files: [SwiftFileDeclarations]
    private var types: [Position] = []
    private var byName: [String: Named] = [:]
    /// The first type of each qualified name that is not its simple name (nested types).
    private var byQualifiedName: [Key: Int] = [:]

    init(files: [SwiftFileDeclarations]) {
        self.files = files
        var count = 0
        for file in files.indices { count += files[file].types.count }
        types.reserveCapacity(count)
        for file in files.indices {
            for type in files[file].types.indices where files[file].types[type].kind != .extension {
                types.append(Position(file: file, type: type))
            }
        }
        // Sized once: growing rehashes every name already in.
        byName.reserveCapacity(types.count)
        // Last to first, so that the last write of a key is its first declaration: one hash
        // per key instead of a lookup and then a write.
        for index in types.indices.reversed() {
            let path = files[types[index].file].types[types[index].type].path
            let name = path.last ?? ""
            // A one-component path is its own qualified name; no join needed.
            let isTopLevel = path.count == 1
            let qualified = isTopLevel ? name : path.joined(separator: ".")
            note(name, at: index, isTopLevel: isTopLevel || qualified == name)
            if qualified != name { byQualifiedName[Key(name: name, written: qualified)] = index }
        }
    }

    private func declaration(at index: Int) -> TypeDeclaration {
        files[types[index].file].types[types[index].type]
    }

    /// The type `written` names: the first declared with that qualified name, else the
    /// first declared with its last component as name.
    func declaration(named written: String) -> TypeDeclaration? {
        index(named: written).map(declaration(at:))
    }

    private func index(named written: String) -> Int? {
        let name = DottedName.lastComponent(written)
        guard let named = byName[name] else { return nil }
        let exact = written == name ? named.topLevel : byQualifiedName[Key(name: name, written: written)]
        return exact ?? named.first
    }

    /// The kind of `declaration(named:)`, without copying the declaration out.
    func kind(named written: String) -> TypeDeclaration.Kind? {
        index(named: written).map { files[types[$0].file].types[types[$0].type].kind }
    }

    /// `enum Kind: String` -> `String`.
    func rawType(ofEnum name: String) -> String? {
        guard let type = declaration(named: name), type.kind == .enum, let first = type.inherited.first,
              SwiftTypeShape.rawValueTypes.contains(first) else { return nil }
        return first
    }
}
