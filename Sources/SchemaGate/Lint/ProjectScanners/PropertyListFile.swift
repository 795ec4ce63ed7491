import Foundation
import ModelSource
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A top-level value of a property list, as far as the rules need one.
public indirect enum PlistValue: Sendable, Equatable {
    case string(String)
    case array([PlistValue])
    case dictionary([String: PlistValue])
    /// Numbers, booleans, dates, data.
    case other

    init(_ value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(PlistValue.init))
        case let dictionary as [String: Any]: self = .dictionary(dictionary.mapValues(PlistValue.init))
        default: self = .other
        }
    }

    var strings: [String] {
        switch self {
        case .string(let value): return [value]
        case .array(let values): return values.flatMap(\.strings)
        default: return []
        }
    }
}

/// An entitlements file or Info.plist: its top-level keys, their values and the line each
/// key is on (XML plists; binary plists have no lines and report line 1).
public struct PropertyListFile: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case entitlements, infoPlist
    }

    public var path: String
    public var kind: Kind
    public var values: [String: PlistValue]
    public var keyLines: [String: Int]

    public init(path: String, kind: Kind, values: [String: PlistValue], keyLines: [String: Int] = [:]) {
        self.path = path
        self.kind = kind
        self.values = values
        self.keyLines = keyLines
    }

    public static func kind(ofPath path: String) -> Kind {
        path.hasSuffix(".entitlements") ? .entitlements : .infoPlist
    }

    public func line(of key: String) -> Int { keyLines[key] ?? 1 }

    /// Parses with PropertyListSerialization (values) and XMLParser (lines). A file that
    /// is not a property list is an error with the line XMLParser stopped at.
    public static func parse(path: String, contents: [UInt8]) throws(PropertyListError) -> PropertyListFile {
        let isXML = !contents.starts(with: Array("bplist".utf8))
        // FoundationXML's XMLParser crashes (SIGILL) on element names that are not valid
        // UTF-8 on Linux; such a file is not a plist Xcode wrote, so it is reported here.
        if isXML, let offset = UTF8Check.firstInvalidOffset(contents) {
            let line = contents[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw PropertyListError(file: path, line: line, reason: "not valid UTF-8 text (byte \(offset)); save the file as UTF-8")
        }
        let data = Data(contents)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let located = KeyLineFinder.locate(data)
            throw PropertyListError(
                file: path, line: located.errorLine,
                reason: located.errorReason ?? "not a valid property list (\(error.localizedDescription))")
        }
        guard let dictionary = root as? [String: Any] else {
            throw PropertyListError(file: path, line: 1, reason: "the top level is not a dictionary")
        }
        return PropertyListFile(
            path: path, kind: kind(ofPath: path), values: dictionary.mapValues(PlistValue.init),
            keyLines: isXML ? KeyLineFinder.locate(data).keyLines : [:])
    }
}

public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var reason: String

    public var description: String { "\(file):\(line.map(String.init) ?? "1"): \(reason)" }
}

/// Walks XML plist events to find the line of each top-level `<key>`.
private final class KeyLineFinder: NSObject, XMLParserDelegate {
    var keyLines: [String: Int] = [:]
    private var path: [String] = []
    private var keyText: String?
    private var keyLine = 0
    /// Where the first error was met (XMLParser's final line is the end of the input).
    private var errorLine: Int?

    struct Result {
        var keyLines: [String: Int]
        var errorLine: Int?
        var errorReason: String?
    }

    static func locate(_ data: Data) -> Result {
        let finder = KeyLineFinder()
        let parser = XMLParser(data: data)
        parser.delegate = finder
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        // XMLParser reports success for some malformed input; trust parserError too.
        if !succeeded || parser.parserError != nil {
            let reason = parser.parserError.map { "malformed XML: \($0.localizedDescription)" }
            return Result(keyLines: finder.keyLines, errorLine: finder.errorLine ?? max(parser.lineNumber, 1), errorReason: reason)
        }
        return Result(keyLines: finder.keyLines)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "key" && path == ["plist", "dict"] {
            keyText = ""
            keyLine = parser.lineNumber
        }
        path.append(name)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if errorLine == nil { errorLine = max(parser.lineNumber, 1) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        keyText? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if !path.isEmpty { path.removeLast() }
        if name == "key", let text = keyText {
            if keyLines[text] == nil { keyLines[text] = keyLine }
            keyText = nil
        }
    }
}
