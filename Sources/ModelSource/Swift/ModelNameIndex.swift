/// Where a written model name can point, indexed once over every `@Model` declaration and
/// typealias of the sources, so each lookup the assembler makes (a registered name, a
/// relationship's destination) costs a few hash lookups instead of a scan over all
/// declarations: assembly stays linear in the number of models.
///
/// Every answer is the one a scan in declaration order gives (the first match wins), so
/// the indexes change no result, only its cost.
struct ModelNameIndex {
    /// A name declared directly inside `scope` (outermost type first; empty at file scope).
    struct ScopedName: Hashable {
        var scope: [String]
        var name: String
    }

    /// The first model whose qualified name is the key or ends with `.` and the key.
    private var byQualifiedSuffix: [String: Int] = [:]
    /// The first model declared with this name directly in this scope.
    private var modelsInScope: [ScopedName: Int] = [:]
    /// The first typealias declared with this name directly in this scope.
    private var aliasesInScope: [ScopedName: TypeAliasDeclaration] = [:]
    /// The models of a simple name a bare name may mean when no scope declares it.
    private struct Named {
        var firstActive: Int?
        var firstUnversioned: Int?
        var last: Int
    }

    /// By the number of the name in `modelNames`.
    private var bySimpleName: [Named?] = []
    private let modelNames: ModelNames

    /// `models` and `typeAliases` in declaration order (files in path order); `active` is
    /// the schema version in use.
    /// `modelNames` numbers the models' names (`LocatedModel.name`).
    init(models: [SwiftModelAssembler.LocatedModel], modelNames: ModelNames, typeAliases: [TypeAliasDeclaration], active: String?) {
        self.modelNames = modelNames
        modelsInScope.reserveCapacity(models.count)
        bySimpleName = Array(repeating: nil, count: modelNames.count)
        // Last to first, so that the last write of a key is its first declaration: one hash
        // per key instead of a lookup and then a write.
        for index in models.indices.reversed() {
            let scope = models[index].declaration.scope, name = models[index].declaration.name
            if !scope.isEmpty || name.utf8.contains(UInt8(ascii: ".")) {
                for suffix in Self.qualifiedSuffixes(of: models[index].declaration.qualifiedName) {
                    byQualifiedSuffix[suffix] = index
                }
            }
            modelsInScope[ScopedName(scope: scope, name: name)] = index
            let version = models[index].version
            noteSimpleName(models[index].name, at: index, isActive: version != nil && version == active, isUnversioned: version == nil)
        }
        for alias in typeAliases.reversed() {
            aliasesInScope[ScopedName(scope: alias.scope, name: alias.name)] = alias
        }
    }

    /// Called last to first: the first call for a name is its last model, later ones move
    /// the firsts back.
    private mutating func noteSimpleName(_ name: Int, at index: Int, isActive: Bool, isUnversioned: Bool) {
        guard var named = bySimpleName[name] else {
            bySimpleName[name] = Named(
                firstActive: isActive ? index : nil, firstUnversioned: isUnversioned ? index : nil, last: index)
            return
        }
        if isActive { named.firstActive = index }
        if isUnversioned { named.firstUnversioned = index }
        bySimpleName[name] = named
    }

    /// The first model whose qualified name is `written` or ends with `.` + `written`.
    func model(qualifiedAs written: String) -> Int? {
        byQualifiedSuffix[written]
    }

    func model(named name: String, directlyIn scope: [String]) -> Int? {
        modelsInScope[ScopedName(scope: scope, name: name)]
    }

    func alias(named name: String, directlyIn scope: [String]) -> TypeAliasDeclaration? {
        aliasesInScope[ScopedName(scope: scope, name: name)]
    }

    /// The model a bare name means when no scope declares it: the first of the active
    /// version, else the first unversioned one, else the last declared.
    func model(simplyNamed name: String) -> Int? {
        modelNames.number(of: name).flatMap { bySimpleName[$0] }.map { $0.firstActive ?? $0.firstUnversioned ?? $0.last }
    }

    /// `A.B.C` -> `A.B.C`, `B.C`: the names a qualified lookup may be written as. In ASCII
    /// only those with a dot: a name without one is looked up lexically, never here.
    static func qualifiedSuffixes(of qualified: String) -> [String] {
        let ascii = qualified.utf8.withContiguousStorageIfAvailable { utf8 -> [String]? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            var suffixes: [String] = []
            var start = 0
            while let dot = utf8[start...].firstIndex(of: UInt8(ascii: ".")) {
                suffixes.append(start == 0 ? qualified : String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self))
                start = dot + 1
            }
            return suffixes
        } ?? nil
        if let ascii { return ascii }
        // By scalars: a written name may begin with a combining mark, which joins the dot
        // before it into one character (`hasSuffix` compares characters).
        let scalars = qualified.unicodeScalars
        return [qualified] + scalars.indices.filter { scalars[$0] == "." }.map { String(scalars[scalars.index(after: $0)...]) }
    }
}

/// The distinct `@Model` class names, each numbered once (in first-declared order): the
/// assembler asks for every property whether its type names a model, and keeps the
/// answer as a number, so choosing declarations and following relationships index arrays
/// instead of hashing the same names again.
struct ModelNames {
    /// The names by number.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    init(_ declared: [String] = []) {
        numbers.reserveCapacity(declared.count)
        for name in declared { _ = number(adding: name) }
    }

    var count: Int { names.count }

    /// Room for `count` names: growing rehashes every name already numbered.
    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        numbers.reserveCapacity(count)
    }

    /// The number of `name`, numbering it if it has none yet (a known name costs one
    /// lookup, a new one a lookup and an insert).
    mutating func number(adding name: String) -> Int {
        let number = numbers[name, default: names.count]
        if number == names.count {
            numbers[name] = number
            names.append(name)
        }
        return number
    }

    func number(of name: String) -> Int? { numbers[name] }

    func contains(_ name: String) -> Bool { numbers[name] != nil }
}
