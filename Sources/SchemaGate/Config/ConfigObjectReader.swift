import Foundation

/// Reads one JSON object of the configuration: typed accessors that name the key path
/// in every error, and `finish()` that rejects keys nobody asked for (a misspelt key
/// silently ignored is a check silently not run).
struct ConfigObjectReader {
    let file: String
    let path: String
    let node: JSONNode
    private let members: [JSONMember]
    private var known: [String] = []

    init(file: String, path: String, node: JSONNode) throws(ConfigError) {
        guard case .object(let members) = node.value else {
            throw ConfigError.invalid(file: file, line: node.line, keyPath: path.isEmpty ? "(top level)" : path,
                                      message: "expected an object, found \(node.kindDescription)")
        }
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            throw ConfigError.invalid(file: file, line: member.value.line, keyPath: Self.join(path, member.key),
                                      message: "the key appears twice; keep one")
        }
        self.file = file
        self.path = path
        self.node = node
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private mutating func member(_ key: String) -> JSONNode? {
        known.append(key)
        return members.first { $0.key == key }?.value
    }

    func fail(_ node: JSONNode, _ keyPath: String, _ message: String) -> ConfigError {
        .invalid(file: file, line: node.line, keyPath: keyPath, message: message)
    }

    mutating func string(_ key: String) throws(ConfigError) -> String? {
        guard let node = member(key) else { return nil }
        guard case .string(let value) = node.value else {
            throw fail(node, Self.join(path, key), "expected a string, found \(node.kindDescription)")
        }
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(node, Self.join(path, key), "must not be empty; remove the key or give a value")
        }
        return value
    }

    mutating func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let node = member(key) else { return nil }
        guard case .bool(let value) = node.value else {
            throw fail(node, Self.join(path, key), "expected true or false, found \(node.kindDescription)")
        }
        return value
    }

    /// A number of seconds, more than zero and at most a day.
    mutating func seconds(_ key: String) throws(ConfigError) -> Double? {
        guard let node = member(key) else { return nil }
        guard case .number(let value) = node.value else {
            throw fail(node, Self.join(path, key), "expected a number of seconds, found \(node.kindDescription)")
        }
        guard ConfigFile.Timeouts.isValid(value) else {
            throw fail(node, Self.join(path, key), "expected seconds between 1 and 86400, found \(Self.format(value)): \(ConfigFile.Timeouts.fix)")
        }
        return value
    }

    mutating func stringArray(_ key: String) throws(ConfigError) -> [String]? {
        guard let node = member(key) else { return nil }
        let keyPath = Self.join(path, key)
        guard case .array(let elements) = node.value else {
            let hint = node.kindDescription == "a string" ? "; write it as a list: [\"...\"]" : ""
            throw fail(node, keyPath, "expected an array of strings, found \(node.kindDescription)\(hint)")
        }
        var values: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let value) = element.value, !value.isEmpty else {
                throw fail(element, "\(keyPath)[\(index)]", "expected a non-empty string, found \(element.kindDescription)")
            }
            values.append(value)
        }
        return values
    }

    /// A list of model paths: an empty one names no model source (it does not mean "no
    /// models", and would leave nothing to read or to name in a message), so it is refused.
    /// `withoutIt`: what applies when the key is removed, for the fix.
    mutating func modelPaths(_ key: String, withoutIt: String) throws(ConfigError) -> [String]? {
        guard let values = try stringArray(key) else { return nil }
        guard !values.isEmpty else {
            throw fail(member(key) ?? node, Self.join(path, key), """
                an empty list names no model source, so no model would be read: list the folders that hold the app's \
                models (e.g. ["MyApp/Models"]), or remove the key (\(withoutIt))
                """)
        }
        return values
    }

    mutating func object(_ key: String) throws(ConfigError) -> ConfigObjectReader? {
        guard let node = member(key) else { return nil }
        return try ConfigObjectReader(file: file, path: Self.join(path, key), node: node)
    }

    mutating func objectArray(_ key: String) throws(ConfigError) -> [ConfigObjectReader]? {
        guard let node = member(key) else { return nil }
        let keyPath = Self.join(path, key)
        guard case .array(let elements) = node.value else {
            throw fail(node, keyPath, "expected an array of objects, found \(node.kindDescription)")
        }
        var readers: [ConfigObjectReader] = []
        for (index, element) in elements.enumerated() {
            readers.append(try ConfigObjectReader(file: file, path: "\(keyPath)[\(index)]", node: element))
        }
        return readers
    }

    /// The raw node, for values of more than one shape (a command as string or array).
    mutating func raw(_ key: String) -> JSONNode? { member(key) }

    /// Every key, for maps with free-form keys (rule ids).
    mutating func allMembers() -> [JSONMember] {
        known.append(contentsOf: members.map(\.key))
        return members
    }

    /// Rejects every key that was not read.
    func finish() throws(ConfigError) {
        for member in members where !known.contains(member.key) {
            let suggestion = Suggestion.closest(to: member.key, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw fail(member.value, Self.join(path, member.key),
                       "unknown key\(suggestion) Known keys here: \(known.joined(separator: ", ")).")
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
