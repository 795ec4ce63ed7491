import SchemaGateBasics
/// Parses one `.xcdatamodel/contents` XML file into entities: attributes with types,
/// optionality, defaults, external storage, encryption, derivation and the CloudKit
/// userInfo keys; relationships with inverse, ordering and delete rule; parent entities;
/// uniqueness constraints. Transient properties are left out (never stored or mirrored).
/// Every entity is read, with the model's configurations: which of them a store holds and
/// whether it syncs is decided by the store description the app's code sets up
/// (`StoreSites`), not by the editor's "Used with CloudKit" flag (Docs/StoreMembership.md).
///
/// Malformed XML yields a diagnostic and no entities. Read with `XMLScanner`, not
/// FoundationXML, which crashes on some malformed input.
enum CoreDataContentsParser {
    /// A model configuration: its name and its member entities (with their sub-entities).
    struct Configuration: Equatable {
        var name: String
        var entities: [String]
        /// Marked "Used with CloudKit" in the model editor (it validates, it decides nothing).
        var usedWithCloudKit: Bool
    }

    static func parse(_ bytes: [UInt8], file: String) -> (entities: [Entity], configurations: [Configuration], diagnostics: [ModelDiagnostic]) {
        let events: [XMLScanner.Event]
        switch XMLScanner.events(bytes) {
        case .success(let list):
            events = list
        case .failure(let failure):
            return ([], [], [ModelDiagnostic(
                kind: .parseError,
                message: "\(file):\(failure.line): not a readable Core Data model (\(failure.message)); open it in Xcode to repair it",
                file: file, line: failure.line)])
        }
        let delegate = ContentsDelegate(file: file)
        for event in events {
            switch event {
            case .start(let name, let attributes, let line): delegate.start(name, attributes: attributes, line: line)
            case .end(let name, _): delegate.end(name)
            case .text: break
            }
        }
        guard delegate.sawModel else {
            return ([], [], [ModelDiagnostic(
                kind: .parseError, message: "\(file): no <model> element, so this is not a Core Data model file",
                file: file)])
        }
        return (delegate.entities, delegate.configurations(), delegate.diagnostics)
    }

    /// `-[NSString boolValue]`, which Core Data applies to these userInfo strings: after
    /// leading whitespace, an optional sign and zeros, `Y`, `y`, `T`, `t` or a digit 1-9.
    static func boolValue(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "YyTt123456789".contains(first)
    }
}

private final class ContentsDelegate {
    let file: String
    var entities: [Entity] = []
    var diagnostics: [ModelDiagnostic] = []
    var sawModel = false
    private var depth = 0
    private var currentEntity: Int?
    /// The attribute or relationship whose `<userInfo>` entries are being read.
    private var currentProperty: Property?
    private var currentConstraint: [String]?
    private var currentConfiguration: String?
    private var cloudKitConfigurations: Set<String> = []
    private var members: [String: [String]] = [:]
    private var configurationNames: [String] = []

    init(file: String) { self.file = file }

    func start(_ elementName: String, attributes: [String: String], line: Int) {
        depth += 1
        if depth == 1 {
            sawModel = elementName == "model"
            return
        }
        guard sawModel else { return }
        switch elementName {
        case "entity":
            guard let name = attributes["name"], !name.isEmpty else {
                diagnostics.append(ModelDiagnostic(kind: .parseError, message: "\(file): an <entity> without a name was skipped", file: file, line: line))
                currentEntity = nil
                return
            }
            entities.append(Entity(name: name, file: file, line: line, parent: attributes["parentEntity"]))
            currentEntity = entities.count - 1
        case "attribute":
            guard let entity = currentEntity, let name = attributes["name"], attributes["transient"] != "YES" else { return }
            let type = attributes["attributeType"].flatMap(AttributeType.init(coreDataName:))
            let swiftType = type?.swiftTypeName
            if swiftType == nil {
                diagnostics.append(ModelDiagnostic(
                    kind: .unknownType,
                    message: "\(entities[entity].name).\(name) has attribute type '\(attributes["attributeType"] ?? "")', which has no known CloudKit field type",
                    file: file, line: line))
            }
            entities[entity].attributes.append(Attribute(
                name: name, swiftType: swiftType, optional: attributes["optional"] == "YES",
                hasDefault: attributes["defaultValueString"] != nil || attributes["defaultDateTimeInterval"] != nil,
                externalStorage: attributes["allowsExternalBinaryDataStorage"] == "YES",
                allowsCloudEncryption: attributes["allowsCloudEncryption"] == "YES",
                originalName: attributes["renamingIdentifier"], attributeType: type, derived: attributes["derived"] == "YES",
                line: line))
            currentProperty = .attribute(entity, entities[entity].attributes.count - 1)
        case "relationship":
            guard let entity = currentEntity, let name = attributes["name"], attributes["transient"] != "YES" else { return }
            entities[entity].relationships.append(Relationship(
                name: name, destination: attributes["destinationEntity"] ?? "", toMany: attributes["toMany"] == "YES",
                optional: attributes["optional"] == "YES", inverse: attributes["inverseName"],
                deleteRule: Self.deleteRule(attributes["deletionRule"]), ordered: attributes["ordered"] == "YES",
                originalName: attributes["renamingIdentifier"], line: line))
            currentProperty = .relationship(entity, entities[entity].relationships.count - 1)
        case "entry":
            if let property = currentProperty, let key = attributes["key"] { apply(userInfo: key, attributes["value"] ?? "", to: property) }
        case "uniquenessConstraint":
            currentConstraint = []
        case "constraint":
            if let value = attributes["value"] { currentConstraint?.append(value) }
        case "configuration":
            currentConfiguration = attributes["name"]
            if let name = attributes["name"], !configurationNames.contains(name) { configurationNames.append(name) }
            if attributes["usedWithCloudKit"] == "YES", let name = attributes["name"] { cloudKitConfigurations.insert(name) }
        case "memberEntity":
            if let configuration = currentConfiguration, let name = attributes["name"] {
                members[configuration, default: []].append(name)
            }
        default:
            break
        }
    }

    func end(_ elementName: String) {
        depth -= 1
        switch elementName {
        case "entity": currentEntity = nil
        case "attribute", "relationship": currentProperty = nil
        case "uniquenessConstraint":
            if let constraint = currentConstraint, !constraint.isEmpty, let entity = currentEntity {
                entities[entity].uniqueConstraints.append(constraint)
            }
            currentConstraint = nil
        case "configuration": currentConfiguration = nil
        default: break
        }
    }

    /// The model's configurations, each with its member entities and their sub-entities
    /// (a sub-entity is stored with its parent).
    func configurations() -> [CoreDataContentsParser.Configuration] {
        configurationNames.map { name in
            var included = Set(members[name] ?? [])
            var grew = true
            while grew {
                grew = false
                for entity in entities where !included.contains(entity.name) {
                    if let parent = entity.parent, included.contains(parent) {
                        included.insert(entity.name)
                        grew = true
                    }
                }
            }
            return CoreDataContentsParser.Configuration(
                name: name, entities: entities.map(\.name).filter(included.contains),
                usedWithCloudKit: cloudKitConfigurations.contains(name))
        }
    }

    private enum Property {
        case attribute(Int, Int), relationship(Int, Int)
    }

    /// The userInfo keys NSPersistentCloudKitContainer reads (PFCloudKitSerializer).
    private func apply(userInfo key: String, _ value: String, to property: Property) {
        switch (key, property) {
        case ("NSCloudKitMirroringDelegateIgnoredPropertyKey", .attribute(let entity, let index)):
            entities[entity].attributes[index].mirroringIgnored = CoreDataContentsParser.boolValue(value)
        case ("NSCloudKitMirroringDelegateIgnoredPropertyKey", .relationship(let entity, let index)):
            entities[entity].relationships[index].mirroringIgnored = CoreDataContentsParser.boolValue(value)
        case ("NSPersistentCloudKitContainerEncryptedAttributeKey", .attribute(let entity, let index)):
            entities[entity].attributes[index].encryptedAttributeKey = CoreDataContentsParser.boolValue(value)
        default:
            break
        }
    }

    static func deleteRule(_ text: String?) -> DeleteRule {
        switch text {
        case "Cascade": return .cascade
        case "Deny": return .deny
        case "No Action": return .noAction
        default: return .nullify
        }
    }
}
