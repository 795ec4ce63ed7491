/// Types declared anywhere in the sources, for inference from initial values
/// (`Kind.default`, `Kind.default.rawValue`) and for telling enums from structs.
///
/// Indexed by name and by qualified name once: apps declare many types of the same name
/// (a `Mode` or `Kind` nested in each of hundreds of views), so a lookup must not scan them.
struct TypeIndex {
    /// A name as written, with the simple name it ends in.
    private struct Key: Hashable {
        var name: String
        var written: String
    }

    /// The first type with this simple name whose qualified name is `written`.
    private var byQualifiedName: [Key: TypeDeclaration] = [:]
    /// The first type with this simple name.
    private var byName: [String: TypeDeclaration] = [:]

    init(files: [SwiftFileDeclarations]) {
        for file in files {
            for type in file.types where type.kind != .extension {
                let name = type.path.last ?? ""
                if byName[name] == nil { byName[name] = type }
                let key = Key(name: name, written: type.qualifiedName)
                if byQualifiedName[key] == nil { byQualifiedName[key] = type }
            }
        }
    }

    /// The type `written` names: the one declared with that qualified name, else the first
    /// declared with its last component as name.
    func declaration(named written: String) -> TypeDeclaration? {
        let name = DottedName.lastComponent(written)
        return byQualifiedName[Key(name: name, written: written)] ?? byName[name]
    }

    /// `enum Kind: String` -> `String`.
    func rawType(ofEnum name: String) -> String? {
        guard let type = declaration(named: name), type.kind == .enum, let first = type.inherited.first,
              SwiftTypeShape.rawValueTypes.contains(first) else { return nil }
        return first
    }
}
