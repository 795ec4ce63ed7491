import Foundation
import ModelSource
import SchemaGateBasics

/// A top-level value of a property list, as far as the rules need one.
package indirect enum PlistValue: Sendable, Equatable {
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
package struct PropertyListFile: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case entitlements, infoPlist
    }

    package var path: String
    package var kind: Kind
    package var values: [String: PlistValue]
    package var keyLines: [String: Int]

    package init(path: String, kind: Kind, values: [String: PlistValue], keyLines: [String: Int] = [:]) {
        self.path = path
        self.kind = kind
        self.values = values
        self.keyLines = keyLines
    }

    package static func kind(ofPath path: String) -> Kind {
        path.hasSuffix(".entitlements") ? .entitlements : .infoPlist
    }

    package func line(of key: String) -> Int { keyLines[key] ?? 1 }

    /// Parses with PropertyListSerialization (values) and, for XML plists, `XMLScanner`
    /// first (well-formedness with the line of the first problem, and the line of each
    /// top-level key). FoundationXML's parser is not used: it crashes on some malformed
    /// input on Linux.
    package static func parse(path: String, contents: [UInt8]) throws(PropertyListError) -> PropertyListFile {
        let isXML = !contents.starts(with: Array("bplist".utf8))
        var keyLines: [String: Int] = [:]
        if isXML {
            switch XMLScanner.events(contents) {
            case .failure(let failure):
                throw PropertyListError(file: path, line: failure.line, reason: "malformed XML: \(failure.message)")
            case .success(let events):
                keyLines = topLevelKeyLines(events)
            }
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(contents), options: [], format: nil)
        } catch {
            throw PropertyListError(file: path, line: 1, reason: "not a valid property list (\(error.localizedDescription))")
        }
        guard let dictionary = root as? [String: Any] else {
            throw PropertyListError(file: path, line: 1, reason: "the top level is not a dictionary")
        }
        return PropertyListFile(path: path, kind: kind(ofPath: path), values: dictionary.mapValues(PlistValue.init), keyLines: keyLines)
    }

    /// The line of each `<key>` directly inside the top-level `<plist><dict>`.
    static func topLevelKeyLines(_ events: [XMLScanner.Event]) -> [String: Int] {
        var lines: [String: Int] = [:]
        var path: [String] = []
        var key: (text: String, line: Int)?
        for event in events {
            switch event {
            case .start(let name, _, let line):
                if name == "key" && path == ["plist", "dict"] { key = ("", line) }
                path.append(name)
            case .text(let text, _):
                key?.text += text
            case .end(let name, _):
                if !path.isEmpty { path.removeLast() }
                if name == "key", let found = key {
                    if lines[found.text] == nil { lines[found.text] = found.line }
                    key = nil
                }
            }
        }
        return lines
    }
}

package struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var reason: String

    package var description: String { "\(file):\(line.map(String.init) ?? "1"): \(reason)" }
}
