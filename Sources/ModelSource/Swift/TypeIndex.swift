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

    private var types: [TypeDeclaration] = []
    private var byName: [String: Named] = [:]
    /// The first type of each qualified name that is not its simple name (nested types).
    private var byQualifiedName: [Key: Int] = [:]

    init(files: [SwiftFileDeclarations]) {
        for file in files {
            for type in file.types where type.kind != .extension {
                let index = types.count
                types.append(type)
                let name = type.path.last ?? ""
                // A one-component path is its own qualified name; no join needed.
                let qualified = type.path.count == 1 ? name : type.qualifiedName
                let isTopLevel = qualified == name
                if byName[name] == nil {
                    byName[name] = Named(first: index, topLevel: isTopLevel ? index : nil)
                } else if isTopLevel, byName[name]?.topLevel == nil {
                    byName[name]?.topLevel = index
                }
                let key = Key(name: name, written: qualified)
                if !isTopLevel, byQualifiedName[key] == nil { byQualifiedName[key] = index }
            }
        }
    }

    /// The type `written` names: the first declared with that qualified name, else the
    /// first declared with its last component as name.
    func declaration(named written: String) -> TypeDeclaration? {
        let name = DottedName.lastComponent(written)
        guard let named = byName[name] else { return nil }
        let exact = written == name ? named.topLevel : byQualifiedName[Key(name: name, written: written)]
        return types[exact ?? named.first]
    }

    /// `enum Kind: String` -> `String`.
    func rawType(ofEnum name: String) -> String? {
        guard let type = declaration(named: name), type.kind == .enum, let first = type.inherited.first,
              SwiftTypeShape.rawValueTypes.contains(first) else { return nil }
        return first
    }
}
